import { z } from 'zod'

import { EDUCATION_LEVELS } from '../../../contract/education'
import { isValidIdNumber } from '../../../contract/id-number'

/** An 18-character resident ID number with a valid check character (GB 11643-1999). */
export const idNumberSchema = z
  .string()
  .trim()
  .min(1)
  .transform((v) => v.toUpperCase())
  .refine(isValidIdNumber, { message: '格式不正确' })

export const educationSchema = z.enum(EDUCATION_LEVELS)
