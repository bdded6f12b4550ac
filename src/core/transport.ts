/** The HTTP the request layer needs from a platform (Taro.request / Taro.uploadFile, or a fake in tests). */

export type HttpMethod = 'GET' | 'POST'

export interface TransportRequest {
  /** The full address, with the query already in it for GET. */
  url: string
  method: HttpMethod
  /** The JSON body (POST only). */
  data?: Record<string, unknown>
  header: Record<string, string>
  timeout: number
}

export interface TransportUpload {
  url: string
  /** A local file path from chooseImage (a blob: url on H5). */
  filePath: string
  /** The multipart field name of the file. */
  name: string
  formData: Record<string, string>
  header: Record<string, string>
  timeout: number
}

export interface TransportResponse {
  statusCode: number
  /** Parsed JSON for requests; uploads may give the body as text. */
  data: unknown
}

/** What a transport throws when no answer arrived. */
export interface TransportFailure {
  errMsg: string
  errno?: number
}

export interface Transport {
  request(request: TransportRequest): Promise<TransportResponse>
  upload(upload: TransportUpload): Promise<TransportResponse>
}
