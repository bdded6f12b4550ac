import Taro from '@tarojs/taro'

/**
 * Mini-program side: wx.chooseMedia (wx.chooseImage is deprecated since base library 2.21.0), pictures only;
 * closing the picker (`chooseMedia:fail cancel`) is a cancel and gives [].
 */
export async function pickImages(count: number): Promise<string[]> {
  try {
    const result = await Taro.chooseMedia({
      count,
      mediaType: ['image'],
      sizeType: ['compressed'],
      sourceType: ['album', 'camera']
    })
    return result.tempFiles.map((file) => file.tempFilePath)
  } catch (error) {
    if (/:fail cancel$/.test((error as { errMsg?: string } | null)?.errMsg ?? '')) return []
    throw error
  }
}
