import type { ReactNode } from 'react';
import { useBack } from '@refinedev/core';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { inheritedLook } from './PageTitle';

/**
 * A record's or a form's title, its page's one h1, with the way back before it. Refine's page
 * header wraps its own back button in a second, unfocusable one named "back" in English (a nested
 * control, WCAG 4.1.2): the pages turn that one off (`goBack={false}`) and show this one instead.
 */
export const TitleWithBack = ({ children, testId }: { children: ReactNode; testId?: string }) => {
  const { t } = useTranslation();
  const back = useBack();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, maxWidth: '100%', verticalAlign: 'top' }}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('buttons.back')} onClick={back} />
      <h1
        data-testid={testId}
        style={{ ...inheritedLook, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {children}
      </h1>
    </span>
  );
};
