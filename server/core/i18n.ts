import type { FastifyInstance, FastifyRequest } from 'fastify'

import { MSG_NOT_OWNER } from '../../contract'
import { type Locale, localeOfAcceptLanguage } from '../../contract/locale'
import { MSG_ACCOUNT_GONE, MSG_BUSY, MSG_LOGIN_REQUIRED, MSG_NOT_FOUND, MSG_STALE } from './envelope'
import { MSG_TOO_FREQUENT } from './rate-limit'
import type { ForeignLocale } from './validate-i18n'
import { toZhHant } from './zh-hant'

/** The language a request asks its answer in: its `Accept-Language` (the app sends its own), zh-Hans by default. */
export function requestLocale(req: Pick<FastifyRequest, 'headers'>): Locale {
  const header = req.headers['accept-language']
  return localeOfAcceptLanguage(Array.isArray(header) ? header.join(',') : header)
}

type Words = Record<ForeignLocale, string>

/**
 * The envelope's generic messages ([Chinese]: en, fr, es): those of server/core that any route may answer with.
 * A module's own messages are added here as they are translated; until then they go out in Chinese.
 */
export const GENERIC_MESSAGES: Record<string, Words> = {
  [MSG_BUSY]: {
    en: 'The server is busy. Please try again later',
    fr: 'Le serveur est occupé. Réessayez plus tard',
    es: 'El servidor está ocupado. Inténtalo más tarde'
  },
  [MSG_NOT_FOUND]: {
    en: 'No such endpoint',
    fr: 'Point d’accès inexistant',
    es: 'Ese punto de acceso no existe'
  },
  [MSG_LOGIN_REQUIRED]: {
    en: 'Please log in first',
    fr: 'Veuillez d’abord vous connecter',
    es: 'Inicia sesión primero'
  },
  '登录已过期，请重新登录': {
    en: 'Your login has expired. Please log in again',
    fr: 'Votre session a expiré. Reconnectez-vous',
    es: 'Tu sesión ha caducado. Inicia sesión de nuevo'
  },
  [MSG_ACCOUNT_GONE]: {
    en: 'This account has been disabled or closed',
    fr: 'Ce compte a été désactivé ou supprimé',
    es: 'Esta cuenta ha sido desactivada o eliminada'
  },
  // The app compares this one (src/components/States): its catalogue's states.notOwner says the same.
  [MSG_NOT_OWNER]: {
    en: 'This record belongs to another user and cannot be viewed',
    fr: 'Cette fiche appartient à un autre utilisateur et ne peut pas être consultée',
    es: 'Este registro pertenece a otro usuario y no se puede ver'
  },
  [MSG_STALE]: {
    en: 'Someone else has changed this record. Refresh before editing',
    fr: 'Quelqu’un d’autre a modifié cette fiche. Actualisez avant de la modifier',
    es: 'Otra persona ha modificado este registro. Actualiza antes de editarlo'
  },
  [MSG_TOO_FREQUENT]: {
    en: 'Too many attempts. Please try again later',
    fr: 'Trop de tentatives. Réessayez plus tard',
    es: 'Demasiados intentos. Inténtalo más tarde'
  },
  '数据库暂时不可用，请稍后再试': {
    en: 'The database is unavailable for now. Please try again later',
    fr: 'La base de données est momentanément indisponible. Réessayez plus tard',
    es: 'La base de datos no está disponible por ahora. Inténtalo más tarde'
  },
  '参数错误: 请求不正确': {
    en: 'Bad request',
    fr: 'Requête incorrecte',
    es: 'Solicitud incorrecta'
  },
  '参数错误: 请求体不是有效的 JSON': {
    en: 'Bad request: the body is not valid JSON',
    fr: 'Requête incorrecte : le corps n’est pas un JSON valide',
    es: 'Solicitud incorrecta: el cuerpo no es un JSON válido'
  },
  '参数错误: 请求体为空': {
    en: 'Bad request: the body is empty',
    fr: 'Requête incorrecte : le corps est vide',
    es: 'Solicitud incorrecta: el cuerpo está vacío'
  },
  '参数错误: 不支持的请求格式': {
    en: 'Bad request: unsupported content type',
    fr: 'Requête incorrecte : format non pris en charge',
    es: 'Solicitud incorrecta: formato no admitido'
  },
  '参数错误: 请求长度不正确': {
    en: 'Bad request: wrong content length',
    fr: 'Requête incorrecte : longueur incorrecte',
    es: 'Solicitud incorrecta: longitud incorrecta'
  },
  '参数错误: 地址不正确': {
    en: 'Bad request: invalid address',
    fr: 'Requête incorrecte : adresse incorrecte',
    es: 'Solicitud incorrecta: dirección incorrecta'
  },
  请求内容过大: {
    en: 'The request is too large',
    fr: 'La requête est trop volumineuse',
    es: 'La solicitud es demasiado grande'
  },
  '文件不能超过 5MB': {
    en: 'Files can be at most 5 MB',
    fr: 'Les fichiers ne peuvent pas dépasser 5 Mo',
    es: 'Los archivos no pueden superar los 5 MB'
  },
  上传的内容过多: { en: 'Too many parts uploaded', fr: 'Trop d’éléments envoyés', es: 'Demasiados elementos subidos' },
  一次只能上传一个文件: {
    en: 'Upload one file at a time',
    fr: 'Un seul fichier à la fois',
    es: 'Sube un solo archivo cada vez'
  },
  上传的字段过多: { en: 'Too many fields uploaded', fr: 'Trop de champs envoyés', es: 'Demasiados campos subidos' },
  '请使用 multipart/form-data 上传': {
    en: 'Upload with multipart/form-data',
    fr: 'Envoyez en multipart/form-data',
    es: 'Sube con multipart/form-data'
  }
}

const HAN = /[\u3400-\u9fff]/

/**
 * A Chinese message in `locale`: zh-Hant converted by OpenCC (every message has one); en, fr and es from the
 * message's own wording (`own`, a refused field) or the generic table; a message with neither stays in Chinese.
 */
export function localizeMessage(
  zh: string,
  locale: Locale,
  own?: (locale: ForeignLocale) => string | undefined
): string {
  if (locale === 'zh-Hans' || !HAN.test(zh)) return zh
  if (locale === 'zh-Hant') return toZhHant(zh)
  return own?.(locale) || GENERIC_MESSAGES[zh]?.[locale] || zh
}

/** The operator console is Chinese only: its answers stay as they are, whatever its browser's languages. */
const CHINESE_ONLY = /^\/api\/admin[/.?]/

/**
 * Every envelope's `msg` leaves in the request's language: a reply from a route (`failure`, a Chinese `ok` message)
 * and one from the error handler alike, which hands over a refused field's own wording (AppError.localized) through
 * the reply. A request in zh-Hans, a success without a message and a message with no Han character cost one test.
 */
export function installMessageLocales(app: FastifyInstance): void {
  app.addHook('preSerialization', (req, reply, payload, done) => {
    const msg = (payload as { msg?: unknown } | null)?.msg
    if (typeof msg !== 'string' || !HAN.test(msg) || CHINESE_ONLY.test(req.url)) return done(null, payload)
    const locale = requestLocale(req)
    if (locale === 'zh-Hans') return done(null, payload)
    const own = ownWords.get(reply)
    done(null, { ...(payload as object), msg: localizeMessage(msg, locale, own) })
  })
}

const ownWords = new WeakMap<object, (locale: ForeignLocale) => string | undefined>()

/** Called by the error handler: the failure's own wording in other languages, for the hook above. */
export function keepOwnWords(reply: object, words: ((locale: ForeignLocale) => string | undefined) | undefined): void {
  if (words) ownWords.set(reply, words)
}
