import { Button, Space } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadApi } from '../../engine/download';

/** Labels of some lots as a PDF to print: 100 x 150 mm for a label printer, or four to an A4 sheet. */
export const LabelButtons = ({ query, name }: { query: string; name: string }) => {
  const { t } = useTranslation();
  return (
    <Space wrap>
      {(['label', 'a4'] as const).map((layout) => (
        <Button
          key={layout}
          icon={<PrinterOutlined />}
          size="large"
          onClick={() => void downloadApi(`/inventory/lots/labels?${query}&layout=${layout}`, `${name}-${layout}.pdf`)}
          data-testid={`labels-${layout}`}
        >
          {t(layout === 'label' ? 'scan.labels' : 'scan.labelsA4')}
        </Button>
      ))}
    </Space>
  );
};
