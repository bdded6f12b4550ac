import { z } from 'zod'
import { isValidIdNumber } from '../../../src/components/certificate/id-number'

/** An 18-character resident ID number with a valid check character (GB 11643-1999). */
export const idNumberSchema = z
  .string()
  .trim()
  .min(1)
  .transform((v) => v.toUpperCase())
  .refine(isValidIdNumber, { message: '格式不正确' })

/** Education levels offered by the forms, lowest first. */
export const EDUCATION_LEVELS = ['初中及以下', '高中/中专', '大专', '本科', '硕士', '博士'] as const
export const educationSchema = z.enum(EDUCATION_LEVELS)
