/**
 * What users and operators call each input field, so a refused value is named in Chinese
 * (`数量最多 9999 件`, never `quantity`). Keyed by the field's name in any route's input; a nested
 * field is looked up by its own name. `unit` follows a number bound; `fen` amounts are shown in 元;
 * `ref` fields point at a record, so an out-of-range number reads "不正确" rather than a bound.
 */
export interface FieldLabel {
  label: string
  unit?: string
  fen?: boolean
  ref?: boolean
}

const ref = (label: string): FieldLabel => ({ label, ref: true })

export const FIELD_LABELS: Record<string, FieldLabel> = {
  // records opened by id
  id: ref('编号'),
  activity_id: ref('活动'),
  address_id: ref('收货地址'),
  application_id: ref('申请'),
  article_id: ref('文章'),
  attempt_id: ref('考试记录'),
  cart_id: ref('购物车商品'),
  cart_ids: ref('购物车商品'),
  category_id: ref('分类'),
  certificate_id: ref('证书'),
  class_id: ref('线下课'),
  coupon_id: ref('优惠券'),
  course_id: ref('课程'),
  file_id: ref('图片'),
  attachment_file_ids: ref('附件'),
  photo_file_id: ref('照片'),
  goods_id: ref('商品'),
  lesson_id: ref('课时'),
  order_id: ref('订单'),
  paper_id: ref('试卷'),
  question_id: ref('题目'),
  record_id: ref('八字档案'),
  referee_id: ref('推荐人'),
  service_id: ref('服务'),
  session_id: ref('直播场次'),
  signup_id: ref('报名'),
  sku_id: ref('商品规格'),
  slot_id: ref('预约时段'),
  teacher_id: ref('老师'),
  user_coupon_id: ref('优惠券'),
  operator_id: ref('操作员'),
  target_id: ref('对象'),
  // quantities, money and paging
  quantity: { label: '数量', unit: '件' },
  count: { label: '题目数量', unit: '道' },
  amount_fen: { label: '提现金额', fen: true },
  expected_amount: { label: '应付金额', fen: true },
  page: { label: '页码' },
  per_page: { label: '每页条数', unit: '条' },
  position_sec: { label: '播放进度', unit: '秒' },
  // people and contact
  name: { label: '姓名' },
  real_name: { label: '真实姓名' },
  section_key: { label: '栏目' },
  on_shelf: { label: '上架状态' },
  nickname: { label: '昵称' },
  avatar: { label: '头像' },
  gender: { label: '性别' },
  birthday: { label: '生日' },
  mobile: { label: '手机号码' },
  sms_code: { label: '短信验证码' },
  merge_token: { label: '合并确认' },
  id_number: { label: '身份证号' },
  education: { label: '学历' },
  work_unit: { label: '工作单位' },
  specialty: { label: '专长' },
  intro: { label: '个人简介' },
  openid: { label: '微信用户' },
  unionid: { label: '微信用户' },
  user: { label: '用户' },
  // addresses
  province_code: { label: '省份' },
  city_code: { label: '城市' },
  district_code: { label: '区县' },
  detail: { label: '详细地址' },
  is_default: { label: '默认地址' },
  // birth and charts
  birth: { label: '出生信息' },
  date: { label: '日期时间' },
  calendar: { label: '历法' },
  leap_month: { label: '闰月' },
  city: { label: '出生地' },
  longitude: { label: '经度', unit: '度' },
  utc_offset: { label: '时区' },
  true_solar_time: { label: '真太阳时' },
  zi_hour: { label: '子时规则' },
  method: { label: '方法' },
  question: { label: '所问之事' },
  values: { label: '卦爻' },
  // house layout
  title: { label: '标题' },
  plan_type: { label: '户型图类型' },
  build_year: { label: '建成年份' },
  period: { label: '元运' },
  facing_degrees: { label: '朝向', unit: '度' },
  rotation: { label: '旋转角度', unit: '度' },
  center_x: { label: '中心位置' },
  center_y: { label: '中心位置' },
  image_width: { label: '图片宽度' },
  image_height: { label: '图片高度' },
  owner_birth_year: { label: '宅主出生年份' },
  owner_gender: { label: '宅主性别' },
  // shop, courses, exams, content
  mode: { label: '方式' },
  request_id: { label: '下单请求' },
  remark: { label: '备注' },
  reason: { label: '原因' },
  selected: { label: '选中状态' },
  keyword: { label: '搜索词' },
  sort: { label: '排序' },
  kind: { label: '类别' },
  type: { label: '类型' },
  status: { label: '状态' },
  month: { label: '月份' },
  biz_type: { label: '业务类型' },
  favorite: { label: '收藏' },
  answer: { label: '答案' },
  topic: { label: '题目范围' },
  content: { label: '正文' },
  images: { label: '图片', unit: '张' },
  key: { label: '页面' },
  scene: { label: '验证码用途' },
  out_trade_no: { label: '支付单号' },
  code: { label: '登录凭证' },
  client: { label: '客户端' },
  url: { label: '页面地址' },
  redirect_uri: { label: '回跳地址' },
  state: { label: '登录状态' },
  path: { label: '页面地址' },
  // operator console
  action: { label: '操作' },
  date_from: { label: '开始日期' },
  date_to: { label: '结束日期' },
  express_company: { label: '快递公司' },
  express_no: { label: '快递单号' },
  order_no: { label: '订单号' },
  refund_status: { label: '售后状态' },
  target_type: { label: '对象类型' },
  reply: { label: '回复' },
  approve: { label: '审核结果' },
  input: { label: '输入' },
  username: { label: '账号' },
  password: { label: '密码' },
  old_password: { label: '原密码' },
  new_password: { label: '新密码' },
  role: { label: '角色' },
  updated_at: { label: '记录版本' },
  version: { label: '记录版本' },
  csv: { label: '发货清单' },
  disabled: { label: '停用状态' }
}

/** The label of the field at an input path (its last named segment: `images.2` is 图片). */
export function fieldLabel(path: readonly PropertyKey[]): FieldLabel | undefined {
  const name = [...path].reverse().find((p) => typeof p === 'string' && !/^\d+$/.test(p))
  return typeof name === 'string' ? FIELD_LABELS[name] : undefined
}
