import { lazy, Suspense } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartProps } from './types';

// The chart library is large: it loads with the first chart drawn, never in the first load.
const CHARTS = { column: lazy(() => import('./ColumnChart')), bar: lazy(() => import('./BarChart')) };

/**
 * A chart of one kind, an empty note when every figure is zero; `testId` marks it for tests, with
 * the number of points that carry a figure.
 */
export const Chart = ({ kind, testId, ...props }: ChartProps & { kind: keyof typeof CHARTS; testId: string }) => {
  const { t } = useTranslation();
  const Inner = CHARTS[kind];
  const points = props.data.filter((d) => Number(d[props.y]) !== 0).length;
  return (
    <div data-testid={testId} data-points={points}>
      {points ? (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 280 }} />}>
          <Inner {...props} />
        </Suspense>
      ) : (
        <Empty description={t('reports.noData')} />
      )}
    </div>
  );
};
