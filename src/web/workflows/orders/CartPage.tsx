import { App, Button, Card, Empty, InputNumber, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sumDecimals } from '../../../domain/money';
import { SignedAvatar } from '../../engine/SignedAvatar';
import { PageHeading, PageTitle } from '../../layout/PageTitle';
import { CART_KEY, mallApi, type CartLine } from './mall-api';
import { useMoney } from './money';

/**
 * The cart (SPEC 2 /orders/cart): its lines grouped by warehouse, quantities changed in place
 * (the server checks them against what is available), totals per currency, never summed across.
 * Each warehouse checks out on its own, since an order ships from one warehouse.
 */
const CartPage = () => {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({ queryKey: CART_KEY, queryFn: mallApi.cart });
  const refresh = () => queryClient.invalidateQueries({ queryKey: CART_KEY });
  const rows = data?.rows ?? [];
  const warehouses = [...new Map(rows.map((r) => [r.warehouseId, r.warehouseName])).entries()];

  const change = async (line: CartLine, quantity: number | null) => {
    if (!quantity || quantity === line.quantity) return;
    await mallApi.change(line.id, quantity).catch(() => undefined);
    await refresh();
  };
  const remove = async (line: CartLine) => {
    await mallApi.remove(line.id);
    void message.success(t('workflows.done'));
    await refresh();
  };

  // The product leads its row as in the catalogue, and stays in view while a phone scrolls to its quantity.
  const columns = [
    { key: 'title', title: t('mallProducts.fields.title'), dataIndex: 'title', width: 170, fixed: 'left' as const },
    {
      key: 'picture',
      width: 56,
      render: (_: unknown, l: CartLine) => (
        <SignedAvatar shape="square" size={40} value={l.picture} icon={<PictureOutlined />} />
      ),
    },
    {
      key: 'unitPrice',
      title: t('mallProducts.fields.unitPrice'),
      align: 'right' as const,
      render: (_: unknown, l: CartLine) => `${money(l.unitPrice, l.currency)} / ${t(`enums.priceType.${l.priceType}`)}`,
    },
    { key: 'available', title: t('mallProducts.fields.available'), dataIndex: 'available', align: 'right' as const },
    {
      key: 'quantity',
      title: t('mall.quantity'),
      render: (_: unknown, l: CartLine) => (
        <InputNumber
          min={1}
          max={l.available || undefined}
          precision={0}
          defaultValue={l.quantity}
          key={`${l.id}-${l.quantity}`}
          onBlur={(e) => void change(l, Number(e.target.value))}
          onPressEnter={(e) => void change(l, Number((e.target as HTMLInputElement).value))}
          aria-label={`${t('mall.quantity')}: ${l.title}`}
          data-testid={`cart-quantity-${l.skuId}`}
        />
      ),
    },
    {
      key: 'amount',
      title: t('orderLines.fields.amount'),
      align: 'right' as const,
      render: (_: unknown, l: CartLine) => money(l.amount, l.currency),
    },
    {
      key: 'actions',
      width: 56,
      render: (_: unknown, l: CartLine) => (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          title={t('buttons.delete')}
          onClick={() => void remove(l)}
        />
      ),
    },
  ];

  if (!isLoading && !rows.length)
    return (
      <Card title={<PageTitle>{t('menu.cart')}</PageTitle>}>
        <Empty description={t('mall.cartEmpty')}>
          <Button type="primary" onClick={() => navigate('/orders/products')}>
            {t('mall.browse')}
          </Button>
        </Empty>
      </Card>
    );

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="cart-page">
      <PageHeading style={{ margin: 0 }}>{t('menu.cart')}</PageHeading>
      {warehouses.map(([warehouseId, name]) => {
        const lines = rows.filter((r) => r.warehouseId === warehouseId);
        const totals = [...new Set(lines.map((l) => l.currency))].map((currency) =>
          money(sumDecimals(lines.filter((l) => l.currency === currency).map((l) => l.amount)), currency),
        );
        return (
          <Card key={warehouseId} title={`${t('mallProducts.fields.warehouseId')}: ${name}`} loading={isLoading}>
            <Table
              rowKey="id"
              size="middle"
              pagination={false}
              dataSource={lines}
              columns={columns}
              // On a phone the table scrolls inside its card instead of widening the page.
              scroll={{ x: 'max-content' }}
              data-testid={`cart-table-${warehouseId}`}
            />
            <Space style={{ marginTop: 16, width: '100%', justifyContent: 'flex-end' }} wrap>
              <Typography.Text strong data-testid={`cart-total-${warehouseId}`}>
                {t('mall.total')}: {totals.join(' + ')}
              </Typography.Text>
              <Button
                type="primary"
                onClick={() => navigate(`/orders/orderConfirm?warehouseId=${warehouseId}`)}
                data-testid={`checkout-${warehouseId}`}
              >
                {t('mall.checkout')}
              </Button>
            </Space>
          </Card>
        );
      })}
      {warehouses.length > 1 && (
        <Card size="small">
          <Typography.Text strong>
            {t('mall.total')}: {(data?.totals ?? []).map((x) => money(x.amount, x.currency)).join(' + ')}
          </Typography.Text>
        </Card>
      )}
    </Space>
  );
};

export default CartPage;
