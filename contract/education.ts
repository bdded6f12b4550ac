/** Education levels the application forms offer, lowest first (the server accepts exactly these). */
export const EDUCATION_LEVELS = ['初中及以下', '高中/中专', '大专', '本科', '硕士', '博士'] as const
export type EducationLevel = (typeof EDUCATION_LEVELS)[number]
