import { lazy } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import { CustomerServiceOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { localized, siteSettings } from '../../../domain/site-settings';
import { useLazyDialog } from '../use-lazy-dialog';

const { company, feedbackEmail } = siteSettings;

// Descriptions and the dialog are not needed until someone asks for them.
const ContactDialog = lazy(() => import('./ContactDialog'));

/** IT support (company contact details and a contact-us dialog) and the feedback mail link (SPEC 1). */
export const SupportMenu = () => {
  const { t, i18n } = useTranslation();
  const contact = useLazyDialog(ContactDialog);
  const lang = i18n.language;
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'company', label: localized(company.name, lang), disabled: true },
            { key: 'phone', label: `${t('layout.support.phone')}: ${company.phone}`, disabled: true },
            {
              key: 'email',
              label: <a href={`mailto:${company.email}`}>{`${t('layout.support.email')}: ${company.email}`}</a>,
            },
            { type: 'divider' },
            { key: 'contact', label: t('layout.support.contactUs') },
          ],
          onClick: ({ key }) => {
            if (key === 'contact') contact.show();
          },
        }}
      >
        <Button
          type="text"
          icon={<CustomerServiceOutlined />}
          aria-label={t('layout.support.title')}
          data-testid="support-menu"
        />
      </Dropdown>
      <Tooltip title={t('layout.support.feedback')}>
        <Button
          type="text"
          icon={<MailOutlined />}
          href={`mailto:${feedbackEmail}`}
          aria-label={t('layout.support.feedback')}
          data-testid="feedback-link"
        />
      </Tooltip>
      {contact.dialog}
    </>
  );
};
