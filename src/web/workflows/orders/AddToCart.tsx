import { useState } from 'react';
import { App, Button, InputNumber, Popover, Space } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { useAuthorized } from '../../engine/Authorized';
import { useBusy } from '../../engine/use-busy';
import { CART_KEY, mallApi } from './mall-api';

/**
 * Quantity and 'Add to cart' for one catalogue row (a SKU in a warehouse): the server adds to the
 * cart's line of the same SKU and warehouse and refuses more than is available, saying how many.
 */
export const AddToCart = ({ record, compact }: { record: BaseRecord; compact?: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [quantity, setQuantity] = useState<number | null>(1);
  const { busy, run } = useBusy();
  const mayOrder = useAuthorized('orders.cart');
  if (!mayOrder) return null;
  const add = async () => {
    if (!quantity) return;
    await run(async () => {
      await mallApi.add(record.skuId as number, record.warehouseId as number, quantity);
      void message.success(t('mall.added'));
      await queryClient.invalidateQueries({ queryKey: CART_KEY });
    }).catch(() => {
      // The HTTP client has shown the server's reason (only so many available).
    });
  };
  const control = (
    <Space.Compact data-testid={`add-to-cart-${record.id}`}>
      <InputNumber
        min={1}
        max={Number(record.available) || undefined}
        precision={0}
        value={quantity}
        onChange={setQuantity}
        style={{ width: 110 }}
        aria-label={t('mall.quantity')}
      />
      <Button
        type="primary"
        icon={<ShoppingCartOutlined />}
        loading={busy}
        onClick={() => void add()}
        data-testid="add-to-cart"
      >
        {t('mall.addToCart')}
      </Button>
    </Space.Compact>
  );
  // In a list row the control opens from one small button, so the row's buttons keep their width.
  return compact ? (
    <Popover content={control} trigger="click" placement="left">
      <Button
        size="small"
        type="primary"
        icon={<ShoppingCartOutlined />}
        title={t('mall.addToCart')}
        data-testid="open-add-to-cart"
      />
    </Popover>
  ) : (
    control
  );
};

/** The catalogue detail's panel: add this SKU of this warehouse to the cart. */
const AddToCartPanel = ({ record }: DetailExtensionProps) => (
  <div style={{ marginTop: 16 }}>
    <AddToCart record={record} />
  </div>
);

export default AddToCartPanel;
