import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Flex, InputNumber, Table, Typography } from 'antd';
import { ExportOutlined, PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonPermission } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import { exportList } from '../../engine/export-excel';
import type { ServedSum } from '../../engine/footer';
import { RefSelect } from '../../engine/RefSelect';
import { servedLabels, type RefLabels, type ServedLabels } from '../../engine/useRefLabels';
import { PageTitle } from '../../layout/PageTitle';
import { allPages } from '../../providers/all-pages';
import { http } from '../../providers/http';
import {
  countedTotals,
  countSheetList,
  countSheetQuery,
  EXCEL_COLUMNS,
  lotNames,
  lotsDef,
  sumOf,
  type Counts,
  type CountSheetFilter,
  type Lot,
} from './count-sheet';
import { CountSheetPrint } from './CountSheetPrint';

type Page = { rows: Lot[]; total: number; labels?: ServedLabels; sums?: ServedSum[] };
type Printed = { lots: Lot[]; refs: RefLabels };

/**
 * Check inventory: every lot of one warehouse (and organization) on a count sheet, paged on
 * screen by the server, whole on paper and in Excel, with the books' totals summed by the server
 * over all of them. Counted quantities typed in, on any page, show their difference to the books;
 * nothing here changes stock.
 */
const CheckInventoryPage = () => {
  const { t, i18n } = useTranslation();
  const [warehouseId, setWarehouseId] = useState<number>();
  const [organizationId, setOrganizationId] = useState<number>();
  const [paging, setPaging] = useState({ current: 1, pageSize: 50 });
  const [counts, setCounts] = useState<Counts>({});
  const [busy, setBusy] = useState<'print' | 'excel'>();
  const [printed, setPrinted] = useState<Printed>();
  const sheet: CountSheetFilter | undefined = warehouseId ? { warehouseId, organizationId } : undefined;

  const { data, isFetching } = useQuery({
    queryKey: ['check-inventory', sheet, paging],
    enabled: Boolean(sheet),
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Page>(lotsDef.api, {
        query: { ...countSheetQuery(sheet!), pageIndex: paging.current, pageSize: paging.pageSize, sums: 1 },
      }),
  });
  const page = sheet ? data : undefined;
  const rows = page?.rows ?? [];
  const refs = servedLabels(lotsDef, page?.labels, i18n.language);
  const totals = { lots: page?.total ?? 0, pieces: sumOf(page?.sums, 'pieces'), pallets: sumOf(page?.sums, 'pallets') };
  const counted = countedTotals(counts);

  // Another sheet starts over: its first page, nothing counted.
  const choose = (set: (id: number | undefined) => void) => (v: unknown) => {
    set(v as number | undefined);
    setPaging((p) => ({ ...p, current: 1 }));
    setCounts({});
  };

  const count = (lot: Lot, value: number | null) =>
    setCounts(({ [lot.id]: _, ...rest }) =>
      value === null ? rest : { ...rest, [lot.id]: { value, books: lot.pieces } },
    );

  // Printed once the whole sheet is on the page; taken off again when the print dialog closes.
  useEffect(() => {
    if (!printed) return;
    window.addEventListener('afterprint', () => setPrinted(undefined), { once: true });
    window.print();
  }, [printed]);

  type Job = NonNullable<typeof busy>;
  // The sheet's jobs run one at a time: each button busy while its own runs, none with no lot to list.
  const jobButton = (job: Job, icon: ReactNode, label: string, testId: string, work: () => Promise<unknown>) => (
    <Button
      icon={icon}
      onClick={() => {
        setBusy(job);
        void work().finally(() => setBusy(undefined));
      }}
      loading={busy === job}
      disabled={!totals.lots || Boolean(busy)}
      data-testid={testId}
    >
      {label}
    </Button>
  );

  const print = async () => {
    const all = await allPages<Lot>(lotsDef.api, countSheetQuery(sheet!));
    setPrinted({ lots: all.rows, refs: servedLabels(lotsDef, all.labels, i18n.language) });
  };

  const excel = () => exportList(lotsDef, t, { ...countSheetList(sheet!), visible: EXCEL_COLUMNS });

  const difference = (lot: Lot) => {
    const entry = counts[lot.id];
    if (!entry) return '-';
    const diff = entry.value - lot.pieces;
    return <Typography.Text type={diff === 0 ? 'success' : 'danger'}>{diff > 0 ? `+${diff}` : diff}</Typography.Text>;
  };

  return (
    <Card title={<PageTitle>{t('workflows.checkInventory.title')}</PageTitle>} data-testid="check-inventory">
      {/* The selects give up width rather than stick out of a phone's screen. */}
      <Flex wrap gap="small" className="no-print" style={{ marginBottom: 16 }}>
        <RefSelect
          resource="warehouses"
          value={warehouseId}
          onChange={choose(setWarehouseId)}
          id="check-warehouse"
          placeholder={t('inventory.fields.warehouseId')}
          aria-label={t('inventory.fields.warehouseId')}
          style={{ flex: '0 1 280px', minWidth: 0 }}
        />
        <RefSelect
          resource="organizations"
          value={organizationId}
          onChange={choose(setOrganizationId)}
          placeholder={t('inventory.fields.organizationId')}
          aria-label={t('inventory.fields.organizationId')}
          style={{ flex: '0 1 320px', minWidth: 0 }}
        />
        {jobButton(
          'print',
          <PrinterOutlined />,
          t('workflows.checkInventory.print'),
          'count-sheet-print-button',
          print,
        )}
        <Authorized permission={buttonPermission(lotsDef, 'export')}>
          {jobButton('excel', <ExportOutlined />, t('buttons.export'), 'count-sheet-excel', excel)}
        </Authorized>
      </Flex>
      <Table
        rowKey="id"
        size="small"
        className="no-print"
        loading={isFetching}
        dataSource={rows}
        // Wider than a phone: the sheet scrolls in its card, each row led by its SKU.
        scroll={{ x: 'max-content' }}
        pagination={{
          ...paging,
          total: totals.lots,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 500],
          showTotal: (total) => t('table.total', { total }),
          onChange: (current, pageSize) => setPaging({ current, pageSize }),
        }}
        locale={{
          emptyText: t(warehouseId ? 'workflows.checkInventory.empty' : 'workflows.checkInventory.chooseWarehouse'),
        }}
        columns={[
          { title: t('lots.fields.skuId'), key: 'sku', fixed: 'left', render: (_, lot) => lotNames(refs, lot).sku },
          { title: t('lots.fields.inboundId'), key: 'inbound', render: (_, lot) => lotNames(refs, lot).inbound },
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
                value={counts[lot.id]?.value ?? null}
                onChange={(v) => count(lot, typeof v === 'number' ? v : null)}
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
          totals.lots ? (
            <Table.Summary.Row data-testid="count-sheet-totals">
              <Table.Summary.Cell index={0} colSpan={4}>
                {t('workflows.checkInventory.totalLots', { total: totals.lots })}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {totals.pallets}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {totals.pieces}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6}>{counted.counted}</Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {counted.difference}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {printed && <CountSheetPrint lots={printed.lots} refs={printed.refs} counts={counts} totals={totals} />}
    </Card>
  );
};

export default CheckInventoryPage;
