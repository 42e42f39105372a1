import type { ReactNode } from 'react';
import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FIGURE_LISTS } from './figure-lists';
import type { useListLink } from './list-link';

interface FigureCardProps {
  /** The figure's name: its label (`dashboard.<name>`), its test id and the list it opens. */
  name: string;
  value?: number;
  /** The dashboard's way to a list, which may narrow it further (a customer's own). */
  linkTo: ReturnType<typeof useListLink>['linkTo'];
  prefix?: ReactNode;
  size?: 'small';
  loading?: boolean;
}

/** A dashboard figure: its count under its label, the card opening the list it counts where the user may open it. */
export const FigureCard = ({ name, value, linkTo, prefix, size, loading }: FigureCardProps) => {
  const { t } = useTranslation();
  const list = FIGURE_LISTS[name];
  const to = list && linkTo(list.resource, { status: list.status });
  const body = (
    <Card size={size} hoverable={!!to} loading={loading} data-testid={`count-${name}`}>
      <Statistic title={t(`dashboard.${name}`)} value={value ?? 0} prefix={prefix} />
    </Card>
  );
  return to ? <Link to={to}>{body}</Link> : body;
};
