/**
 * 复姓 recognised when a full name is split: the two-character surnames of 《百家姓》 (北宋),
 * leaving out the pairs that later scholarship reads as two single surnames (仉督, 岳帅, 缑亢 ...).
 */
export const COMPOUND_SURNAMES: readonly string[] = [
  '万俟', '司马', '上官', '欧阳', '夏侯', '诸葛', '闻人', '东方', '赫连', '皇甫', '尉迟', '公羊',
  '澹台', '公冶', '宗政', '濮阳', '淳于', '单于', '太叔', '申屠', '公孙', '仲孙', '轩辕', '令狐',
  '钟离', '宇文', '长孙', '慕容', '鲜于', '闾丘', '司徒', '司空', '亓官', '司寇', '子车', '颛孙',
  '端木', '巫马', '公西', '漆雕', '乐正', '壤驷', '公良', '拓跋', '夹谷', '宰父', '谷梁', '段干',
  '百里', '东郭', '南门', '呼延', '归海', '羊舌', '微生', '梁丘', '左丘', '东门', '西门', '商牟',
  '伯赏', '南宫', '第五'
]
