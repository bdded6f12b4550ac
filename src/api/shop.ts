import type { Empty, PageParams } from '@contract'
import type {
  AddressAddRequest,
  AddressDetailResponse,
  AddressEditRequest,
  AddressIdRequest,
  AddressListsResponse,
  AfterSaleApplyRequest,
  AfterSaleIdRequest,
  AfterSalePreviewResponse,
  AfterSaleQuoteResponse,
  AfterSaleReturnRequest,
  BuyPreviewRequest,
  BuyPreviewResponse,
  BuyRequest,
  BuyResponse,
  CartAddRequest,
  CartDeleteRequest,
  CartEditRequest,
  CartResponse,
  CartSelectAllRequest,
  CartSelectRequest,
  CategoryListsResponse,
  CouponDetailRequest,
  CouponDetailResponse,
  CouponListsResponse,
  CouponReceiveRequest,
  CouponReceiveResponse,
  FavoriteListsResponse,
  FavoriteRequest,
  FavoriteResponse,
  HotSearchResponse,
  OrderCountsResponse,
  OrderDetailRequest,
  OrderDetailResponse,
  OrderIdRequest,
  OrderListsRequest,
  OrderListsResponse,
  OrderPayResponse,
  ProductDetailRequest,
  ProductDetailResponse,
  ProductListsRequest,
  ProductListsResponse,
  RegionTreeResponse,
  UserCouponListsRequest,
  UserCouponListsResponse
} from '@contract/shop'

import { request } from './http'

// ---- catalog ----

export const getCategories = () => request<CategoryListsResponse>({ url: '/api/product.category/lists' })

export const getProducts = (params: ProductListsRequest = {}) =>
  request<ProductListsResponse>({ url: '/api/product.product/lists', data: params })

export const getProductDetail = (params: ProductDetailRequest) =>
  request<ProductDetailResponse>({ url: '/api/product.product/detail', data: params })

export const getHotSearch = () => request<HotSearchResponse>({ url: '/api/product.search/hot', showLoading: false })

// ---- favorites ----

export const getFavorites = (params: PageParams = {}) =>
  request<FavoriteListsResponse>({ url: '/api/user.favorite/lists', data: params })

export const addFavorite = (data: FavoriteRequest) =>
  request<FavoriteResponse>({ url: '/api/user.favorite/add', method: 'POST', data })

export const deleteFavorite = (data: FavoriteRequest) =>
  request<FavoriteResponse>({ url: '/api/user.favorite/delete', method: 'POST', data })

// ---- cart ----

export const getCart = () => request<CartResponse>({ url: '/api/order.cart/lists' })

export const addToCart = (data: CartAddRequest) =>
  request<CartResponse>({ url: '/api/order.cart/add', method: 'POST', data })

export const editCart = (data: CartEditRequest) =>
  request<CartResponse>({ url: '/api/order.cart/edit', method: 'POST', data })

export const selectCart = (data: CartSelectRequest) =>
  request<CartResponse>({ url: '/api/order.cart/select', method: 'POST', data })

export const selectAllCart = (data: CartSelectAllRequest) =>
  request<CartResponse>({ url: '/api/order.cart/selectAll', method: 'POST', data })

export const deleteCart = (data: CartDeleteRequest) =>
  request<CartResponse>({ url: '/api/order.cart/delete', method: 'POST', data })

// ---- checkout ----

/** What the confirm page shows: items, address, freight, coupons (best chosen) and total, all from the server. */
export const previewBuy = (params: BuyPreviewRequest) =>
  request<BuyPreviewResponse>({ url: '/api/order.order/buy', data: params })

/** Creates the order; reuse the same request_id when retrying so a double submit makes one order. */
export const submitBuy = (data: BuyRequest) =>
  request<BuyResponse>({ url: '/api/order.order/buy', method: 'POST', data, loadingMask: true })

// ---- orders ----

export const getOrders = (params: OrderListsRequest = {}) =>
  request<OrderListsResponse>({ url: '/api/user.order/lists', data: params })

export const getOrderCounts = () => request<OrderCountsResponse>({ url: '/api/user.order/counts', showLoading: false })

/** By order_id, or by the payment WeChat's shipping message names (transaction_id / merchant_trade_no). */
export const getOrderDetail = (params: OrderDetailRequest) =>
  request<OrderDetailResponse>({ url: '/api/user.order/detail', data: params })

export const cancelOrder = (data: OrderIdRequest) =>
  request<OrderDetailResponse>({ url: '/api/user.order/cancel', method: 'POST', data })

/** Pays a to_pay order again through the payment service. */
export const payOrder = (data: OrderIdRequest) =>
  request<OrderPayResponse>({ url: '/api/user.order/pay', method: 'POST', data })

/** Confirms receipt of a shipped order. */
export const confirmReceipt = (data: OrderIdRequest) =>
  request<OrderDetailResponse>({ url: '/api/user.order/receipt', method: 'POST', data })

/** What an after-sale of the order may be: kinds, reasons, the units left and the most they give back. */
export const getAfterSalePreview = (order_id: number) =>
  request<AfterSalePreviewResponse>({ url: '/api/user.order/afterSale/preview', data: { order_id } })

/** The most these units give back (`lines`: item_id:quantity joined by commas). */
export const getAfterSaleQuote = (order_id: number, lines: string) =>
  request<AfterSaleQuoteResponse>({ url: '/api/user.order/afterSale/quote', data: { order_id, lines } })

export const applyAfterSale = (data: AfterSaleApplyRequest) =>
  request<OrderDetailResponse>({ url: '/api/user.order/afterSale/apply', method: 'POST', data })

/** The goods were sent back: carrier and tracking number. */
export const shipAfterSaleReturn = (data: AfterSaleReturnRequest) =>
  request<OrderDetailResponse>({ url: '/api/user.order/afterSale/return', method: 'POST', data })

export const cancelAfterSale = (data: AfterSaleIdRequest) =>
  request<OrderDetailResponse>({ url: '/api/user.order/afterSale/cancel', method: 'POST', data })

// ---- coupons ----

export const getCoupons = (params: PageParams = {}) =>
  request<CouponListsResponse>({ url: '/api/coupon.coupon/lists', data: params })

export const getCouponDetail = (params: CouponDetailRequest) =>
  request<CouponDetailResponse>({ url: '/api/coupon.coupon/detail', data: params })

export const receiveCoupon = (data: CouponReceiveRequest) =>
  request<CouponReceiveResponse>({ url: '/api/user.coupon/receive', method: 'POST', data })

export const getMyCoupons = (params: UserCouponListsRequest = {}) =>
  request<UserCouponListsResponse>({ url: '/api/user.coupon/lists', data: params })

// ---- addresses and regions ----

export const getAddresses = () => request<AddressListsResponse>({ url: '/api/user.address/lists' })

export const getAddress = (params: AddressIdRequest) =>
  request<AddressDetailResponse>({ url: '/api/user.address/detail', data: params })

export const addAddress = (data: AddressAddRequest) =>
  request<AddressDetailResponse>({ url: '/api/user.address/add', method: 'POST', data })

export const editAddress = (data: AddressEditRequest) =>
  request<AddressDetailResponse>({ url: '/api/user.address/edit', method: 'POST', data })

export const deleteAddress = (data: AddressIdRequest) =>
  request<Empty>({ url: '/api/user.address/delete', method: 'POST', data })

export const setDefaultAddress = (data: AddressIdRequest) =>
  request<AddressDetailResponse>({ url: '/api/user.address/setDefault', method: 'POST', data })

/** The province/city/district tree for the picker. */
export const getRegionTree = () => request<RegionTreeResponse>({ url: '/api/region.region/tree' })
