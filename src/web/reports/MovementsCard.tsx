import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart } from './charts';
import { movementSeries, type Movement } from './dashboard-types';

/** Pieces in and out per day, the card both dashboards (staff and shipper) open with. */
export const MovementsCard = ({ movements, loading }: { movements?: Movement[]; loading: boolean }) => {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.movements')} loading={loading}>
      <Chart
        kind="column"
        testId="chart-movements"
        data={movementSeries(movements ?? [], t('dashboard.in'), t('dashboard.out'))}
        x="day"
        y="pieces"
        series="direction"
      />
    </Card>
  );
};
