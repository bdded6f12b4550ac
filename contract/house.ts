import type { Paged } from '.'

export type HousePlanType = 'floorplan' | 'sketch' | 'photo'
export type HouseOverlayMode = '8' | '9' | '24'

/** A saved house analysis; fields fill in as the user goes through the flow. */
export interface HousePlan {
  id: number
  title: string
  plan_type: HousePlanType
  file_id: number
  /** The plan for its owner only: a link that expires (a private upload) or, for older plans, its address. */
  image_url: string
  image_width: number | null
  image_height: number | null
  /** compass bearing of the facing (向) */
  facing_degrees: number | null
  build_year: number | null
  /** 元运 1..9 */
  period: number | null
  method: 'xiagua' | 'tigua'
  owner_birth_year: number | null
  owner_gender: 'male' | 'female' | null
  /** 立极 centre as fractions of the image width/height (0..1) */
  center_x: number | null
  center_y: number | null
  /** image angle (clockwise from the image's up) the facing is drawn toward */
  rotation: number
  mode: HouseOverlayMode
  created_at: string
  updated_at: string
}

export interface HouseAddRequest {
  title?: string
  plan_type: HousePlanType
  /** This user's upload through /api/file.upload/private. */
  file_id: number
}

/** Every field but id is optional: only the fields given change. */
export interface HouseEditRequest {
  id: number
  title?: string
  plan_type?: HousePlanType
  file_id?: number
  image_width?: number
  image_height?: number
  facing_degrees?: number
  build_year?: number
  period?: number
  method?: 'xiagua' | 'tigua'
  owner_birth_year?: number
  owner_gender?: 'male' | 'female'
  center_x?: number
  center_y?: number
  rotation?: number
  mode?: HouseOverlayMode
}

export type HouseListResponse = Paged<HousePlan>

/** A 六爻 chart saved with the user's account. */
export interface DivinationSaved {
  id: number
  question: string
  /** 'YYYY-MM-DD HH:mm' */
  date: string
  /** six values 6/7/8/9, bottom line first */
  values: number[]
  title: string
  created_at: string
}

export interface DivinationSaveRequest {
  question: string
  date: string
  values: number[]
  title: string
}

export type DivinationListResponse = Paged<DivinationSaved>
