/** Colours shared by styles written in TS (tab bar icons, app config). SCSS has its twins in app.scss. */
export const COLORS = {
  primary: '#F57C00',
  background: '#F8F8F8',
  text: '#1F1F1F',
  tabText: '#8A8A8A',
  // 五行 colours used by charts
  wood: '#2E9E44',
  fire: '#D93A2B',
  earth: '#A8741A',
  metal: '#C9A227',
  water: '#1F6FD1'
} as const
