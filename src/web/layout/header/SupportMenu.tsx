import { useState } from 'react';
import { Button, Descriptions, Dropdown, Modal, Tooltip } from 'antd';
import { CustomerServiceOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { localized, siteSettings } from '../../../domain/site-settings';

const { company, feedbackEmail } = siteSettings;

/** IT support (company contact details and a contact-us dialog) and the feedback mail link (SPEC 1). */
export const SupportMenu = () => {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const lang = i18n.language;
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'company', label: localized(company.name, lang), disabled: true },
            { key: 'phone', label: `${t('layout.support.phone')}: ${company.phone}`, disabled: true },
            { key: 'email', label: <a href={`mailto:${company.email}`}>{`${t('layout.support.email')}: ${company.email}`}</a> },
            { type: 'divider' },
            { key: 'contact', label: t('layout.support.contactUs') },
          ],
          onClick: ({ key }) => key === 'contact' && setOpen(true),
        }}
      >
        <Button type="text" icon={<CustomerServiceOutlined />} aria-label={t('layout.support.title')} data-testid="support-menu" />
      </Dropdown>
      <Tooltip title={t('layout.support.feedback')}>
        <Button type="text" icon={<MailOutlined />} href={`mailto:${feedbackEmail}`} aria-label={t('layout.support.feedback')} data-testid="feedback-link" />
      </Tooltip>
      <Modal open={open} title={t('layout.support.contactUs')} onCancel={() => setOpen(false)} footer={null} data-testid="contact-dialog">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('layout.support.company')}>{localized(company.name, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('layout.support.phone')}>
            <a href={`tel:${company.phone.replace(/\s/g, '')}`}>{company.phone}</a>
          </Descriptions.Item>
          <Descriptions.Item label={t('layout.support.email')}>
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </Descriptions.Item>
          <Descriptions.Item label={t('layout.support.wechat')}>{company.wechat}</Descriptions.Item>
          <Descriptions.Item label={t('layout.support.address')}>{localized(company.address, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('layout.support.hours')}>{company.hours}</Descriptions.Item>
        </Descriptions>
      </Modal>
    </>
  );
};
