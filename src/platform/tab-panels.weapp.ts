/**
 * Mini-program: the page at the bottom of the stack hosts every visited panel, and a mini-program
 * cannot fetch code later, so all panels are part of the tab pages' bundle.
 */
export { default as CertificatePanel } from '@/components/certificate/CertificatePanel'
export { default as CoursePanel } from '@/components/course/CoursePanel'
export { default as MinePanel } from '@/components/Mine/MinePanel'
export { default as ServicePanel } from '@/components/service/ServicePanel'
export { default as ShopPanel } from '@/components/shop/ShopPanel'
