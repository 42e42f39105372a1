import { useTranslation } from 'react-i18next';
import { sumDecimals } from '../../../domain/money';

/** An amount with 2 decimals and its currency's label (SPEC 5), e.g. '12.50 USD'. */
export const useMoney = () => {
  const { t } = useTranslation();
  return (amount: string | number, currency: number) => `${sumDecimals([amount])} ${t(`enums.currency.${currency}`)}`;
};
