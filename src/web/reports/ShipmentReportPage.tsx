import { Card, Segmented, Select, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveRefresh } from '../live/use-live-refresh';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RefSelect } from '../engine/RefSelect';
import { PageTitle } from '../layout/PageTitle';
import { http } from '../providers/http';
import { Chart } from './charts';
import { DateRange } from './DateRange';
import { ReportExportButton } from './ReportExportButton';
import { exportReport, filterLine, type SheetColumn } from './excel';
import { useListLink } from './list-link';
import { apiQuery, useReportQuery } from './use-report-query';
import './reports.css';

interface Figures {
  shipments: number;
  containers: number;
  volume: string;
  weight: string;
  arrived: number;
  onTime: number;
}
type Row = Figures & { key: string | number | null; label: string | null };

const GROUPS = ['month', 'customer', 'origin', 'destination', 'type', 'carrier'] as const;
type Group = (typeof GROUPS)[number];
type Filter =
  | 'organizationId'
  | 'originCountryId'
  | 'destinationCountryId'
  | 'shipmentType'
  | 'carrierId'
  | 'from'
  | 'to'
  | 'groupBy';
const FILTERS: Filter[] = [
  'organizationId',
  'originCountryId',
  'destinationCountryId',
  'shipmentType',
  'carrierId',
  'from',
  'to',
  'groupBy',
];
const SHIPMENT_TYPES = [1, 2, 3, 4, 5];
/** The shipments list filter a row of each grouping stands for. */
const FILTER_OF: Partial<Record<Group, string>> = {
  customer: 'organizationId',
  origin: 'originCountryId',
  destination: 'destinationCountryId',
  type: 'shipmentType',
  carrier: 'carrierId',
};

const onTimeRate = (r: Figures) => (r.arrived ? Math.round((r.onTime / r.arrived) * 1000) / 10 : null);

const columnsOf = (t: TFunction, keyLabel: (r: Row) => string): (SheetColumn<Row> & { key: string })[] => [
  { key: 'group', header: t('reports.shipment.group'), value: keyLabel },
  ...(['shipments', 'containers'] as const).map((k) => ({
    key: k,
    header: t(`reports.shipment.${k}`),
    value: (r: Row) => r[k],
    numFmt: '0',
  })),
  { key: 'volume', header: t('reports.shipment.volume'), value: (r) => r.volume, numFmt: '#,##0.00' },
  { key: 'weight', header: t('reports.shipment.weight'), value: (r) => r.weight, numFmt: '#,##0.00' },
  ...(['arrived', 'onTime'] as const).map((k) => ({
    key: k,
    header: t(`reports.shipment.${k}`),
    value: (r: Row) => r[k],
    numFmt: '0',
  })),
  { key: 'rate', header: t('reports.shipment.onTimeRate'), value: (r) => onTimeRate(r), numFmt: '0.0' },
];

/**
 * Shipment report (SPEC 2 /reports/shipment): shipments departed in the period by month, customer,
 * country, type or carrier, with containers, volume, weight and arrivals by their ETA.
 */
const ShipmentReportPage = () => {
  const { t } = useTranslation();
  const { get, set } = useReportQuery<Filter>({ groupBy: 'month' });
  const { canList, linkTo } = useListLink();
  const staff = canList('organizations');
  const chosen = get('groupBy') as Group;
  const query = apiQuery(get, FILTERS);
  // The grouping travels with its answer: while the next one loads, the last one keeps its labels.
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['report-shipments', query],
    placeholderData: keepPreviousData,
    queryFn: async () => ({
      ...(await http.get<{ rows: Row[]; totals: Figures }>('/statistics/shipments', { query })),
      group: chosen,
    }),
  });
  // Shipments move while the report is open: it reads again (issue 26).
  useLiveRefresh(['shipments'], refetch);
  const group = data?.group ?? chosen;
  const rows = data?.rows ?? [];
  const keyLabel = (r: Row) => {
    if (r.key === null) return t('reports.none');
    if (group === 'type') return t(`enums.shipmentType.${r.key}`);
    return r.label ?? String(r.key);
  };
  const columns = columnsOf(t, keyLabel);
  const chart = rows.flatMap((r) => [
    { group: keyLabel(r), figure: t('reports.shipment.shipments'), count: r.shipments },
    { group: keyLabel(r), figure: t('reports.shipment.onTime'), count: r.onTime },
  ]);
  const opens = (r: Row) => {
    const field = FILTER_OF[group];
    return field && r.key !== null ? linkTo('shipments', { [field]: r.key as number }) : linkTo('shipments');
  };
  const idFilter = (
    key: 'organizationId' | 'originCountryId' | 'destinationCountryId' | 'carrierId',
    resource: string,
    width = 200,
  ) => (
    <RefSelect
      resource={resource}
      value={Number(get(key)) || undefined}
      onChange={(v) => set({ [key]: v as number | undefined })}
      placeholder={t(`reports.shipment.${key}`)}
      aria-label={t(`reports.shipment.${key}`)}
      style={{ width }}
    />
  );
  const exportFile = async () => {
    const lines = await Promise.all([
      filterLine(t, t('reports.shipment.organizationId'), 'organizations', get('organizationId')),
      filterLine(t, t('reports.shipment.originCountryId'), 'countries', get('originCountryId')),
      filterLine(t, t('reports.shipment.destinationCountryId'), 'countries', get('destinationCountryId')),
      filterLine(t, t('reports.shipment.carrierId'), 'partners', get('carrierId')),
    ]);
    const type = get('shipmentType');
    await exportReport(t, {
      title: t('menu.reportShipment'),
      period: { from: get('from'), to: get('to') },
      info: [
        ...lines.filter((line) => line !== undefined),
        ...(type ? [[t('reports.shipment.shipmentType'), t(`enums.shipmentType.${type}`)] as [string, string]] : []),
        [t('reports.file.groupedBy'), t(`reports.shipment.by.${group}`)],
      ],
      columns,
      rows,
      totals: data ? [{ label: t('reports.total'), row: { ...data.totals, key: null, label: null } }] : [],
    });
  };

  return (
    <Card title={<PageTitle>{t('menu.reportShipment')}</PageTitle>} data-testid="report-shipment">
      <div className="report-filters">
        <Segmented
          value={chosen}
          onChange={(v) => set({ groupBy: v as string })}
          options={GROUPS.filter((g) => staff || (g !== 'customer' && g !== 'carrier')).map((g) => ({
            value: g,
            label: t(`reports.shipment.by.${g}`),
          }))}
        />
        {staff && idFilter('organizationId', 'organizations', 240)}
        {idFilter('originCountryId', 'countries')}
        {idFilter('destinationCountryId', 'countries')}
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('reports.shipment.shipmentType')}
          aria-label={t('reports.shipment.shipmentType')}
          value={Number(get('shipmentType')) || undefined}
          onChange={(v?: number) => set({ shipmentType: v })}
          options={SHIPMENT_TYPES.map((v) => ({ value: v, label: t(`enums.shipmentType.${v}`) }))}
        />
        {staff && idFilter('carrierId', 'partners')}
        <DateRange from={get('from')} to={get('to')} onChange={(from, to) => set({ from, to })} />
        <ReportExportButton empty={!rows.length} write={exportFile} />
      </div>
      <Typography.Title level={5}>{t('reports.shipment.chart')}</Typography.Title>
      {group === 'month' ? (
        <Chart kind="column" testId="chart-shipments" data={chart} x="group" y="count" series="figure" />
      ) : (
        // Names (customers, countries, carriers) run long: across, beside their bars, they leave
        // the plot its width, where rotated under columns they squeezed it to a strip.
        <Chart
          kind="bar"
          testId="chart-shipments"
          data={chart}
          x="group"
          y="count"
          series="figure"
          grouped
          height={Math.max(280, 60 + rows.length * 36)}
        />
      )}
      <Table<Row>
        data-testid="report-table"
        size="small"
        loading={isFetching}
        rowKey={(r) => String(r.key)}
        dataSource={rows}
        pagination={false}
        // Wider than a phone: the figures scroll in the card beside their group.
        scroll={{ x: 'max-content' }}
        columns={columns.map((c) => ({
          key: c.key,
          title: c.header,
          fixed: c.key === 'group' ? ('left' as const) : undefined,
          align: c.numFmt ? ('right' as const) : undefined,
          render: (_: unknown, r: Row) => {
            if (c.key !== 'group') return c.value(r) ?? '-';
            const to = opens(r);
            return to ? <Link to={to}>{keyLabel(r)}</Link> : keyLabel(r);
          },
        }))}
        summary={() =>
          data && rows.length ? (
            <Table.Summary.Row data-testid="report-total">
              {columns.map((c, i) => (
                <Table.Summary.Cell key={c.key} index={i} align={c.numFmt ? 'right' : undefined}>
                  {i === 0 ? t('reports.total') : (c.value({ ...data.totals, key: null, label: null }) ?? '-')}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
};

export default ShipmentReportPage;
