import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

/** The rules of a hand-written form's required field, its message in the user's language as the engine's forms say it. */
export const useRequiredRule = (): FormRule[] => {
  const { t } = useTranslation();
  return [{ required: true, message: t('validation.required') }];
};
