import { Statistic } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { amountsText, type Accruals } from './accruals';

/** The month so far or the month expected, in each currency, blank while read: on the page and the dashboard's tile. */
export const AccrualFigure = ({
  accruals,
  which,
  testId,
  valueStyle,
}: {
  accruals: Accruals | undefined;
  which: 'toDate' | 'forecast';
  testId: string;
  valueStyle?: CSSProperties;
}) => {
  const { t } = useTranslation();
  return (
    <Statistic
      title={t(`accruals.${which}`)}
      value={accruals ? amountsText(t, accruals[which]) : ''}
      valueStyle={valueStyle}
      data-testid={testId}
    />
  );
};
