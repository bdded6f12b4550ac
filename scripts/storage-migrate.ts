import { loadConfig } from '../server/config'
import { MEDIA_DIR } from '../server/modules/course/media'
import { copyLocalFilesToBucket } from '../server/storage/migrate'
import { s3Storage } from '../server/storage/s3'

/**
 * npm run storage:migrate — copies this machine's uploads, course media and private images into the S3 bucket
 * configured by the S3_* settings (STORAGE need not be s3 yet: copy first, then switch). Rerun safely.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, STORAGE: 's3' })
  const bucket = s3Storage(config.storage.s3)
  console.log(`复制本地文件到存储桶 ${config.storage.s3.bucket} (copying local files to the bucket)…`)
  const dirs = { uploadDir: config.uploadDir, mediaDir: MEDIA_DIR, privateDir: config.privateDir }
  const r = await copyLocalFilesToBucket(bucket, dirs, (line) => console.log(line))
  console.log(
    `完成：复制 ${r.copied.length} 个，已存在跳过 ${r.skipped} 个 (done: ${r.copied.length} copied, ${r.skipped} already there)`
  )
}

main().catch((e) => {
  console.error('迁移失败 (migration failed):', e)
  process.exit(1)
})
