import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Select, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { sumDecimals } from '../../../domain/money';
import { DeliveryType } from '../../../domain/order-flow';
import { PageTitle } from '../../layout/PageTitle';
import { allPages } from '../../providers/all-pages';
import { CART_KEY, mallApi, type CartLine } from './mall-api';
import { useMoney } from './money';

interface Address {
  id: number;
  name: string;
  address: string;
  contact?: string;
  isDefault: boolean;
}

/**
 * Checkout (SPEC 2 /orders/orderConfirm): the cart's lines of one warehouse become an order
 * awaiting review. The user picks the warehouse, pickup or delivery, and for a delivery the
 * address (the organization's default preselected); the server re-checks it all.
 */
const CheckoutPage = () => {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { data: cart } = useQuery({ queryKey: CART_KEY, queryFn: mallApi.cart });
  const rows = useMemo(() => cart?.rows ?? [], [cart]);
  const warehouses = useMemo(() => [...new Map(rows.map((r) => [r.warehouseId, r.warehouseName])).entries()], [rows]);
  const [warehouseId, setWarehouseId] = useState<number | undefined>(Number(params.get('warehouseId')) || undefined);
  const [deliveryType, setDeliveryType] = useState<number>(DeliveryType.pickup);
  const [addressId, setAddressId] = useState<number>();
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const lines = rows.filter((r) => r.warehouseId === warehouseId);
  const organizationId = lines[0]?.organizationId;

  useEffect(() => {
    if (!warehouseId && warehouses.length) setWarehouseId(warehouses[0][0]);
  }, [warehouseId, warehouses]);

  const { data: addresses } = useQuery({
    queryKey: ['mall-addresses', organizationId],
    enabled: Boolean(organizationId),
    // Every valid address of the customer to choose from, not the first page of them.
    queryFn: () =>
      allPages<Address>(
        '/orders/addresses',
        { organizationId, status: 1, sort: '-isDefault,-id' },
        { silent: true },
      ).then((r) => r.rows),
  });
  useEffect(() => {
    if (addressId === undefined && addresses?.length)
      setAddressId((addresses.find((a) => a.isDefault) ?? addresses[0]).id);
  }, [addresses, addressId]);

  const place = async () => {
    if (!warehouseId) return;
    setBusy(true);
    try {
      const order = await mallApi.checkout({
        warehouseId,
        deliveryType,
        addressId: deliveryType === DeliveryType.delivery ? addressId : undefined,
        remarks: remarks || undefined,
      });
      await queryClient.invalidateQueries({ queryKey: CART_KEY });
      navigate(`/orders/orderSuccess/${order.id}`, { state: { orderNo: order.orderNo } });
    } catch {
      // Shown by the HTTP client: an empty cart, a missing address, too little available.
    } finally {
      setBusy(false);
    }
  };

  const currencies = [...new Set(lines.map((l) => l.currency))];
  return (
    <Card title={<PageTitle>{t('menu.orderConfirm')}</PageTitle>} data-testid="checkout-page">
      <Form layout="vertical" style={{ maxWidth: 720 }}>
        {/* Items without a form field name: each label is tied to its control by id. */}
        <Form.Item label={t('orders.fields.warehouseId')} htmlFor="checkout-warehouse" required>
          <Select
            id="checkout-warehouse"
            value={warehouseId}
            onChange={setWarehouseId}
            options={warehouses.map(([value, label]) => ({ value, label }))}
            data-testid="checkout-warehouse"
          />
        </Form.Item>
        <Form.Item label={t('orders.fields.deliveryType')} required>
          <Radio.Group
            value={deliveryType}
            onChange={(e) => setDeliveryType(e.target.value as number)}
            data-testid="checkout-delivery-type"
          >
            {[DeliveryType.pickup, DeliveryType.delivery].map((type) => (
              <Radio.Button key={type} value={type}>
                {t(`enums.deliveryType.${type}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {deliveryType === DeliveryType.delivery && (
          <Form.Item label={t('orders.fields.addressId')} htmlFor="checkout-address" required>
            {addresses && !addresses.length ? (
              <Alert type="warning" showIcon message={t('mall.noAddress')} />
            ) : (
              <Select
                id="checkout-address"
                value={addressId}
                onChange={setAddressId}
                data-testid="checkout-address"
                options={(addresses ?? []).map((a) => ({
                  value: a.id,
                  label: `${a.name} · ${a.address}${a.isDefault ? ` (${t('mallAddresses.fields.isDefault')})` : ''}`,
                }))}
              />
            )}
          </Form.Item>
        )}
        <Form.Item label={t('mall.remark')} htmlFor="checkout-remark">
          <Input.TextArea
            id="checkout-remark"
            rows={2}
            maxLength={1000}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
          />
        </Form.Item>
      </Form>
      <Table<CartLine>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={lines}
        columns={[
          { key: 'title', title: t('mallProducts.fields.title'), dataIndex: 'title' },
          { key: 'quantity', title: t('mall.quantity'), dataIndex: 'quantity', align: 'right' },
          {
            key: 'amount',
            title: t('orderLines.fields.amount'),
            align: 'right',
            render: (_, l) => money(l.amount, l.currency),
          },
        ]}
      />
      <Space style={{ marginTop: 16, width: '100%', justifyContent: 'flex-end' }} wrap>
        <Typography.Text strong>
          {t('mall.total')}:{' '}
          {currencies
            .map((c) => money(sumDecimals(lines.filter((l) => l.currency === c).map((l) => l.amount)), c))
            .join(' + ')}
        </Typography.Text>
        <Button onClick={() => navigate('/orders/cart')}>{t('buttons.cancel')}</Button>
        <Button
          type="primary"
          loading={busy}
          disabled={!lines.length}
          onClick={() => void place()}
          data-testid="place-order"
        >
          {t('mall.placeOrder')}
        </Button>
      </Space>
    </Card>
  );
};

export default CheckoutPage;
