export const serviceDetailUrl = (serviceId: number) => `/pages/majorPlan/detail?service_id=${serviceId}`
export const reservationUrl = (serviceId: number, teacherId?: number) =>
  `/pages/majorPlan/reservation?service_id=${serviceId}${teacherId ? `&teacher_id=${teacherId}` : ''}`
export const teacherUrl = (teacherId: number) => `/teacher/pages/detail?teacher_id=${teacherId}`
export const houseFengshuiUrl = (teacherId?: number) =>
  `/teacher/pages/house-fengshui${teacherId ? `?teacher_id=${teacherId}` : ''}`

/** Paragraphs of a plain-text description (blank-line separated). */
export const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
