import './privacy-sheet.scss'

import { Button, Text, View } from '@tarojs/components'

import { usePrivacyPrompt } from './privacy'

const AGREE_ID = 'privacy-agree'

/**
 * The privacy popup WeChat asks for before the album, the camera or location: agree, refuse, or read
 * the guidelines first. Mini-program only (PrivacySheet.tsx: a browser has no such prompt).
 */
export default function PrivacySheet() {
  const prompt = usePrivacyPrompt()
  if (!prompt.open) return null
  return (
    <View className="privacy">
      <View className="privacy__panel">
        <Text className="privacy__title">用户隐私保护提示</Text>
        <Text className="privacy__text">
          为了给您上传头像和图片、保存海报到相册，我们需要使用相册、相机等信息。使用前请阅读并同意
          <Text className="privacy__link" onClick={prompt.openContract}>
            《用户隐私保护指引》
          </Text>
          ，拒绝后这些功能将无法使用，其他功能不受影响。
        </Text>
        <View className="privacy__actions">
          <Button className="privacy__refuse" onClick={prompt.refuse}>
            拒绝
          </Button>
          <Button
            id={AGREE_ID}
            className="privacy__agree"
            openType="agreePrivacyAuthorization"
            onAgreePrivacyAuthorization={() => prompt.agree(AGREE_ID)}
          >
            同意
          </Button>
        </View>
      </View>
    </View>
  )
}
