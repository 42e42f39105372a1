import { Card, Col, Row, Segmented, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveRefresh } from '../live/use-live-refresh';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RefSelect } from '../engine/RefSelect';
import { PageTitle } from '../layout/PageTitle';
import { http } from '../providers/http';
import { Chart } from './charts';
import { DateRange } from './DateRange';
import { ReportExportButton } from './ReportExportButton';
import { exportReport, filterLine } from './excel';
import { amountOf, inventoryColumns, type Group, type InventoryRow } from './inventory-columns';
import { useListLink } from './list-link';
import { apiQuery, useReportQuery } from './use-report-query';
import './reports.css';

interface Answer {
  total: number;
  rows: InventoryRow[];
  totals: InventoryRow[];
}

type Filter = 'organizationId' | 'warehouseId' | 'skuId' | 'from' | 'to' | 'groupBy' | 'pageIndex' | 'pageSize';
const FILTERS: Filter[] = ['organizationId', 'warehouseId', 'skuId', 'from', 'to', 'groupBy', 'pageIndex', 'pageSize'];
const AGES = ['age0to30', 'age31to60', 'age61to90', 'ageOver90'] as const;

/** Every row of the report as filtered now, in pages of the API's maximum, for the Excel file. */
const allRows = async (query: Record<string, string>) => {
  const rows: InventoryRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await http.get<Answer>('/statistics/inventory', {
      query: { ...query, pageIndex: page, pageSize: 1000 },
    });
    rows.push(...answer.rows);
    if (!answer.rows.length || rows.length >= answer.total) return rows;
  }
};

/**
 * Inventory report (SPEC 2 /reports/inventory): stock per organization, warehouse and SKU, or summed
 * per warehouse or organization; value and totals per currency, ageing of the lots, and the
 * movements of the period. Filters live in the URL; each row opens the inventory list it sums.
 */
const InventoryReportPage = () => {
  const { t } = useTranslation();
  const { get, set } = useReportQuery<Filter>({ groupBy: 'sku' });
  const { canList, linkTo } = useListLink();
  const chosen = get('groupBy') as Group;
  const query = apiQuery(get, FILTERS);
  // The grouping travels with its answer: while the next one loads, the last one keeps its columns.
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['report-inventory', query],
    placeholderData: keepPreviousData,
    queryFn: async () => ({ ...(await http.get<Answer>('/statistics/inventory', { query })), group: chosen }),
  });
  // Stock moves with inbounds, outbounds and orders while the report is open: it reads again (issue 26).
  useLiveRefresh(['inbounds', 'outbounds', 'orders'], refetch);
  const group = data?.group ?? chosen;
  const rows = data?.rows ?? [];
  const columns = inventoryColumns(t, group);
  const staff = canList('organizations');

  // Pieces have no currency: the totals per currency are summed per bucket, drawn without a legend.
  const ageing = AGES.map((bucket) => ({
    bucket: t(`reports.inventory.${bucket}`),
    pieces: (data?.totals ?? []).reduce((sum, total) => sum + total[bucket], 0),
  }));
  // The row's own name in the chart (the table beside it says where it is), kept short for the axis.
  const label = (r: InventoryRow) =>
    ({ sku: r.skuTitle, warehouse: r.warehouseName, organization: r.organizationName })[group] ?? '';
  // Pieces again: a row split by currency (a warehouse holding SKUs priced in two) is one bar.
  const onHand = [
    ...rows
      .slice(0, 15)
      .reduce((bars, r) => bars.set(label(r), (bars.get(label(r)) ?? 0) + r.onHand), new Map<string, number>()),
  ].map(([row, pieces]) => ({ row, onHand: pieces }));

  const exportFile = async () => {
    const { pageIndex: _i, pageSize: _s, ...filters } = query;
    const [all, ...lines] = await Promise.all([
      allRows(filters),
      filterLine(t, t('reports.inventory.organization'), 'organizations', get('organizationId')),
      filterLine(t, t('reports.inventory.warehouse'), 'warehouses', get('warehouseId')),
      filterLine(t, t('reports.inventory.sku'), 'skus', get('skuId')),
    ]);
    await exportReport(t, {
      title: t('menu.reportInventory'),
      period: { from: get('from'), to: get('to') },
      info: [
        ...lines.filter((line) => line !== undefined),
        [t('reports.file.groupedBy'), t(`reports.inventory.by.${group}`)],
      ],
      columns,
      rows: all,
      totals: (data?.totals ?? []).map((total) => ({
        label: t('reports.totalIn', { currency: t(`enums.currency.${total.currency}`) }),
        row: total,
      })),
    });
  };

  const opens = (r: InventoryRow) =>
    linkTo('inventory', { organizationId: r.organizationId, warehouseId: r.warehouseId, skuId: r.skuId });

  // A record picked narrows the report, which starts again from its first page.
  const refFilter = (field: Filter, resource: string, label: string, width: number) => (
    <RefSelect
      resource={resource}
      value={Number(get(field)) || undefined}
      onChange={(v) => set({ [field]: v as number | undefined, pageIndex: undefined })}
      placeholder={t(label)}
      aria-label={t(label)}
      style={{ width }}
    />
  );

  return (
    <Card title={<PageTitle>{t('menu.reportInventory')}</PageTitle>} data-testid="report-inventory">
      <div className="report-filters">
        <Segmented
          value={chosen}
          onChange={(v) => set({ groupBy: v as string, pageIndex: undefined })}
          options={(['sku', 'warehouse', ...(staff ? ['organization'] : [])] as Group[]).map((g) => ({
            value: g,
            label: t(`reports.inventory.by.${g}`),
          }))}
        />
        {staff && refFilter('organizationId', 'organizations', 'reports.inventory.organization', 240)}
        {refFilter('warehouseId', 'warehouses', 'reports.inventory.warehouse', 200)}
        {refFilter('skuId', 'skus', 'reports.inventory.sku', 200)}
        <DateRange from={get('from')} to={get('to')} onChange={(from, to) => set({ from, to, pageIndex: undefined })} />
        <ReportExportButton empty={!rows.length} write={exportFile} />
      </div>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Typography.Title level={5}>{t('reports.inventory.ageing')}</Typography.Title>
          <Chart kind="column" testId="chart-ageing" data={ageing} x="bucket" y="pieces" />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={5}>{t('reports.inventory.onHand')}</Typography.Title>
          <Chart kind="bar" testId="chart-on-hand" data={onHand} x="row" y="onHand" />
        </Col>
      </Row>
      <Table<InventoryRow>
        data-testid="report-table"
        size="small"
        loading={isFetching}
        scroll={{ x: true }}
        rowKey={(r) => [r.organizationId, r.warehouseId, r.skuId, r.currency].join('-')}
        dataSource={rows}
        columns={columns.map((c, i) => ({
          key: c.key,
          title: c.header,
          // Scrolled sideways on a phone, a row's SKU, warehouse or customer stays in view.
          fixed: i === 0 ? ('left' as const) : undefined,
          align: c.numeric ? ('right' as const) : undefined,
          render: (_: unknown, r: InventoryRow) => {
            if (c.key === 'value') return amountOf(r, t);
            const shown = c.value(r);
            const to = i === 0 ? opens(r) : undefined;
            return to ? <Link to={to}>{shown}</Link> : shown;
          },
        }))}
        pagination={{
          current: Number(get('pageIndex') ?? 1),
          pageSize: Number(get('pageSize') ?? 20),
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageIndex, pageSize) => set({ pageIndex, pageSize }),
        }}
        summary={() =>
          (data?.totals ?? []).map((total) => (
            <Table.Summary.Row key={total.currency} data-testid="report-total">
              {columns.map((c, i) => (
                <Table.Summary.Cell key={c.key} index={i} align={c.numeric ? 'right' : undefined}>
                  {i === 0
                    ? t('reports.totalIn', { currency: t(`enums.currency.${total.currency}`) })
                    : c.key === 'value'
                      ? amountOf(total, t)
                      : c.numeric
                        ? c.value(total)
                        : ''}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ))
        }
      />
    </Card>
  );
};

export default InventoryReportPage;
