import type { TFunction } from 'i18next';
import { FeeType } from '../../../domain/finance/codes';
import type { AccrualLine } from './accruals';

/**
 * A line's fee type in words. Fee type 9 without a sub type is the top-up to the fee model's
 * minimum charge, named as the bill names it; the enum's own word for 9 is "total".
 */
export const feeTypeLabel = (t: TFunction, line: AccrualLine) =>
  line.feeType === FeeType.total && line.subType === null
    ? t('finance.explain.minimum')
    : t(`enums.feeType.${line.feeType}`);

export const subTypeLabel = (t: TFunction, line: AccrualLine) =>
  line.subType === null ? '' : t(`enums.subFeeType.${line.subType}`);
