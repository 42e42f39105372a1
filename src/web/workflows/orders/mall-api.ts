import { http } from '../../providers/http';

export interface CartLine {
  id: number;
  skuId: number;
  warehouseId: number;
  organizationId: number;
  quantity: number;
  title: string;
  picture: string | null;
  unitPrice: number;
  priceType: number;
  currency: number;
  warehouseName: string;
  amount: number;
  available: number;
}

export interface Cart {
  rows: CartLine[];
  totals: { currency: number; amount: number }[];
}

export const CART_KEY = ['mall-cart'];

/** The mall's hand-written calls (the cart lives on the server, per user). */
export const mallApi = {
  cart: () => http.get<Cart>('/orders/cart', { silent: true }),
  add: (skuId: number, warehouseId: number, pieces: number) =>
    http.post<{ id: number; pieces: number }>('/orders/cart', { skuId, warehouseId, pieces }),
  change: (id: number, pieces: number) => http.put(`/orders/cart/${id}`, { pieces }),
  remove: (id: number) => http.delete(`/orders/cart/${id}`),
  checkout: (body: { warehouseId: number; deliveryType: number; addressId?: number; remarks?: string }) =>
    http.post<{ id: number; orderNo: string; status: number }>('/orders/cart/checkout', body),
};
