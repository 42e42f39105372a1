import { useMemo, useState } from 'react';
import { Button, Card, InputNumber, Space, Table, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../engine/RefSelect';
import { http } from '../../providers/http';

interface Lot {
  id: number;
  skuId: number;
  inboundId: number;
  inboundDate: string;
  daysInWarehouse: number;
  pieces: number;
  pallets: number;
}
type Page<T> = { rows: T[]; total: number };

const labels = async (path: string, ids: number[], field: string) => {
  if (!ids.length) return new Map<number, string>();
  const { rows } = await http.get<Page<Record<string, unknown>>>(path, {
    query: { id_in: [...new Set(ids)].join(','), pageSize: 1000 },
    silent: true,
  });
  return new Map(rows.map((r) => [r.id as number, String(r[field])]));
};

/**
 * Check inventory: the lots of one warehouse (and organization) on a printable count sheet. The
 * counted quantities typed in show their difference to the books; nothing here changes stock.
 */
const CheckInventoryPage = () => {
  const { t } = useTranslation();
  const [warehouseId, setWarehouseId] = useState<number>();
  const [organizationId, setOrganizationId] = useState<number>();
  const [counted, setCounted] = useState<Record<number, number | null>>({});
  const { data, isFetching } = useQuery({
    queryKey: ['check-inventory', warehouseId, organizationId],
    enabled: Boolean(warehouseId),
    queryFn: async () => {
      const { rows } = await http.get<Page<Lot>>('/inventory/lots', {
        query: { warehouseId, organizationId, pieces_gte: 1, pageSize: 1000, sort: 'skuId,inboundDate' },
      });
      const [skus, inbounds] = await Promise.all([
        labels(
          '/products/skus',
          rows.map((l) => l.skuId),
          'title',
        ),
        labels(
          '/inventory/inbounds',
          rows.map((l) => l.inboundId),
          'orderNo',
        ),
      ]);
      return rows.map((lot) => ({
        ...lot,
        sku: skus.get(lot.skuId) ?? `#${lot.skuId}`,
        inbound: inbounds.get(lot.inboundId) ?? `#${lot.inboundId}`,
      }));
    },
  });
  const rows = data ?? [];
  const totals = useMemo(() => {
    const books = rows.reduce((sum, r) => sum + r.pieces, 0);
    const entered = rows.filter((r) => typeof counted[r.id] === 'number');
    return {
      books,
      counted: entered.reduce((s, r) => s + (counted[r.id] as number), 0),
      difference: entered.reduce((s, r) => s + (counted[r.id] as number) - r.pieces, 0),
    };
  }, [rows, counted]);

  const difference = (lot: Lot) => {
    const value = counted[lot.id];
    if (typeof value !== 'number') return '-';
    const diff = value - lot.pieces;
    return <Typography.Text type={diff === 0 ? 'success' : 'danger'}>{diff > 0 ? `+${diff}` : diff}</Typography.Text>;
  };

  return (
    <Card title={t('workflows.checkInventory.title')} data-testid="check-inventory">
      <Space wrap className="no-print" style={{ marginBottom: 16 }}>
        <RefSelect
          resource="warehouses"
          value={warehouseId}
          onChange={(v) => setWarehouseId(v as number | undefined)}
          id="check-warehouse"
          placeholder={t('inventory.fields.warehouseId')}
          style={{ width: 280 }}
        />
        <RefSelect
          resource="organizations"
          value={organizationId}
          onChange={(v) => setOrganizationId(v as number | undefined)}
          placeholder={t('inventory.fields.organizationId')}
          style={{ width: 320 }}
        />
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!rows.length}>
          {t('workflows.checkInventory.print')}
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={rows}
        pagination={false}
        locale={{
          emptyText: t(warehouseId ? 'workflows.checkInventory.empty' : 'workflows.checkInventory.chooseWarehouse'),
        }}
        columns={[
          { title: t('lots.fields.skuId'), dataIndex: 'sku' },
          { title: t('lots.fields.inboundId'), dataIndex: 'inbound' },
          { title: t('lots.fields.inboundDate'), dataIndex: 'inboundDate' },
          { title: t('lots.fields.daysInWarehouse'), dataIndex: 'daysInWarehouse', align: 'right' },
          { title: t('lots.fields.pallets'), dataIndex: 'pallets', align: 'right' },
          { title: t('workflows.checkInventory.books'), dataIndex: 'pieces', align: 'right' },
          {
            title: t('workflows.checkInventory.counted'),
            key: 'counted',
            render: (_, lot) => (
              <InputNumber
                min={0}
                precision={0}
                value={counted[lot.id]}
                onChange={(v) => setCounted((c) => ({ ...c, [lot.id]: v }))}
                data-testid={`counted-${lot.id}`}
              />
            ),
          },
          {
            title: t('workflows.checkInventory.difference'),
            key: 'difference',
            align: 'right',
            render: (_, lot) => difference(lot),
          },
        ]}
        summary={() =>
          rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5}>
                {t('workflows.checkInventory.total')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {totals.books}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6}>{totals.counted}</Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {totals.difference}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
};

export default CheckInventoryPage;
