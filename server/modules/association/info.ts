import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AssociationDetailResponse, AssociationInductionResponse } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import { publicRoute } from '../../core/route'
import { outputHtml } from '../article/sanitize'
import { mainAssociation } from './profile'

/** What the association is, and what membership gives. */
export default async function infoRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    { method: 'GET', path: '/association.index/detail', input: z.object({}) },
    async (): Promise<AssociationDetailResponse> => {
      const a = await mainAssociation(app.db)
      return {
        name: a.name,
        logo: assetUrl(app.config.publicUrl, a.logo),
        cover: assetUrl(app.config.publicUrl, a.cover),
        slogan: a.slogan,
        intro: outputHtml(a.intro),
        founded_year: a.foundedYear,
        members: a.members,
        dues: a.duesFen
      }
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/association.index/induction', input: z.object({}) },
    async (): Promise<AssociationInductionResponse> => {
      const a = await mainAssociation(app.db)
      return { name: a.name, benefits: a.benefits, steps: a.steps, dues: a.duesFen }
    }
  )
}
