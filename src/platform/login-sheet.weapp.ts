/** Mini-program: the login sheet is part of every page's bundle (a mini-program cannot fetch code later). */
export { default as LoginSheet } from '@/components/LoginSheet'
