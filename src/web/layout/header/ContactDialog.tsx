import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, siteSettings } from '../../../domain/site-settings';
import type { DialogProps } from '../use-lazy-dialog';

const { company } = siteSettings;

/** The contact-us dialog, loaded when first opened. */
const ContactDialog = ({ open, setOpen }: DialogProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Modal
      open={open}
      title={t('layout.support.contactUs')}
      onCancel={() => setOpen(false)}
      footer={null}
      data-testid="contact-dialog"
    >
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
  );
};

export default ContactDialog;
