import { Button, List, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { awaitingDocuments, SCAN_KINDS, type Awaiting, type DocumentKind } from './documents';

/** The awaiting documents as large buttons; scanning a document's number picks it as well (the panel's job). */
export const DocumentChooser = ({ kind, onChoose }: { kind: DocumentKind; onChoose: (doc: Awaiting) => void }) => {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ['scan-awaiting', kind],
    // Tried even when the browser says it is offline: the app's service worker may answer.
    networkMode: 'offlineFirst',
    queryFn: () => awaitingDocuments(kind),
  });
  return (
    <List
      loading={isLoading}
      header={<Typography.Text strong>{t(SCAN_KINDS[kind].words.choose)}</Typography.Text>}
      dataSource={data ?? []}
      renderItem={(doc) => (
        <List.Item style={{ padding: '4px 0', border: 'none' }}>
          <Button
            block
            size="large"
            style={{ height: 'auto', minHeight: 56, textAlign: 'left', whiteSpace: 'normal' }}
            onClick={() => onChoose(doc)}
            data-testid={`scan-document-${doc.orderNo}`}
          >
            <div>
              <strong>{doc.orderNo}</strong> · {doc.size}
            </div>
            <Typography.Text type="secondary">{doc.customer}</Typography.Text>
          </Button>
        </List.Item>
      )}
    />
  );
};

/** The awaiting document a scanned number names, or undefined. */
export const documentOfCode = async (kind: DocumentKind, code: string) =>
  (await awaitingDocuments(kind, { orderNo: code.trim().toUpperCase() }))[0];

/** The awaiting document a link from its detail page names, or undefined when it moved on. */
export const documentOfId = async (kind: DocumentKind, id: number) => (await awaitingDocuments(kind, { id_in: id }))[0];
