import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../stock/ConfirmDialog';
import { DocumentChooser, documentOfCode, documentOfId } from './DocumentChooser';
import { SCAN_KINDS, type Awaiting, type DocumentKind } from './documents';
import { LabelButtons } from './LabelButtons';
import { ScanFeedback } from './ScanFeedback';
import { ScanInput } from './ScanInput';
import { useScanFeedback } from './use-scan-feedback';

/** The screen's address with a document taken up: a reload, or a phone that restarted, opens it again. */
const addressOf = (kind: DocumentKind, id: number | undefined): Record<string, string> => {
  const { mode, param } = SCAN_KINDS[kind];
  if (id) return { [param]: String(id) };
  return kind === 'inbounds' ? {} : { mode };
};

/**
 * What receiving and picking share: the awaiting document being worked (the one a detail page's
 * link named, or one scanned or chosen), the feedback of each scan, the confirm dialog, and the
 * document last confirmed here. `onChosen` resets the panel's own counts when another is taken up.
 */
export const useScanDocument = (kind: DocumentKind, initial: number | undefined, onChosen: () => void) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { said, say, amend, clear } = useScanFeedback();
  const [doc, setDoc] = useState<Awaiting>();
  const [done, setDone] = useState<Awaiting>();
  const [confirming, setConfirming] = useState(false);
  const [, setParams] = useSearchParams();
  /** The document taken up here, which its address then names: not read again for that. */
  const taken = useRef<number>(undefined);

  useEffect(() => {
    if (initial && initial !== taken.current) void documentOfId(kind, initial).then((found) => found && setDoc(found));
  }, [kind, initial]);

  const choose = (next?: Awaiting) => {
    setDoc(next);
    taken.current = next?.id;
    setParams(addressOf(kind, next?.id), { replace: true });
    onChosen();
    clear();
  };

  /** A code scanned while no document is taken up names the next one. */
  const chooseByCode = async (code: string) => {
    const found = await documentOfCode(kind, code);
    if (found) return choose(found);
    say('error', t('scan.noDocument', { code }));
  };

  /** After the server confirmed: the screen says which document moved and is ready for the next. */
  const confirmed = async () => {
    setConfirming(false);
    setDone(doc);
    choose(undefined);
    say('ok', t(SCAN_KINDS[kind].words.done, { orderNo: doc?.orderNo }));
    await queryClient.invalidateQueries();
  };

  return { kind, doc, done, choose, chooseByCode, confirming, setConfirming, confirmed, said, say, amend };
};

type ScanDocument = ReturnType<typeof useScanDocument>;

interface Props {
  scan: ScanDocument;
  onCode: (code: string) => Promise<unknown>;
  /** Whether every line is counted or picked: only then may the document be confirmed. */
  ready: boolean;
  /** The confirm button's click, before the dialog opens (a pick checks its plan still holds). */
  onStartConfirm: () => unknown;
  /** Posts the confirm with the day the dialog asked for; rejects with the server's refusal. */
  onConfirm: (date: string) => Promise<unknown>;
  /** Shown in the confirm dialog above the date: what the confirm will take. */
  confirmSummary?: ReactNode;
  /** Above the document's lines: what waits to be sent, what the server refused. */
  status?: ReactNode;
  /** A return's receive dialog (what became of each line) or a count's submit, instead of asking a day. */
  dialog?: ReactNode;
  children: ReactNode;
}

/**
 * The scanner screen around a panel's lines: the code input and what the last scan did, then the
 * awaiting documents to take one up, or the one taken up with its lines and its confirm button.
 * Its dialog asks in the screen's own words; SPEC's fixed prompt stays on the documents' pages.
 */
export const ScanDocumentFrame = ({
  scan,
  onCode,
  ready,
  onStartConfirm,
  onConfirm,
  confirmSummary,
  status,
  dialog,
  children,
}: Props) => {
  const { t } = useTranslation();
  const { kind, doc, done } = scan;
  const inbound = kind === 'inbounds';
  return (
    <div>
      <ScanInput onCode={onCode} />
      <ScanFeedback said={scan.said} />
      {status}
      {!doc ? (
        <>
          {inbound && done && (
            <Card size="small" style={{ marginBottom: 12 }} data-testid="scan-received">
              <p>{t('scan.receivedLabels', { orderNo: done.orderNo })}</p>
              <LabelButtons query={`inboundId=${done.id}`} name={`labels-${done.orderNo}`} />
            </Card>
          )}
          <DocumentChooser kind={kind} onChoose={scan.choose} />
        </>
      ) : (
        <Card
          size="small"
          title={
            <span data-testid="scan-document">
              {doc.orderNo} · {doc.customer}
            </span>
          }
          extra={
            <Button onClick={() => scan.choose(undefined)} size="large" type="link">
              {t('scan.change')}
            </Button>
          }
        >
          {children}
          <Button
            type="primary"
            size="large"
            block
            disabled={!ready}
            onClick={() => void onStartConfirm()}
            style={{ marginTop: 12, height: 56 }}
            data-testid="scan-confirm"
          >
            {t(SCAN_KINDS[kind].words.confirm)}
          </Button>
          {kind === 'returns' || kind === 'counts' ? (
            dialog
          ) : (
            <ConfirmDialog
              kind={kind}
              warehouseId={doc.warehouseId}
              open={scan.confirming}
              title={t(inbound ? 'scan.confirmInboundPrompt' : 'scan.confirmOutboundPrompt', { orderNo: doc.orderNo })}
              onCancel={() => scan.setConfirming(false)}
              onConfirm={async (date) => {
                await onConfirm(date);
                await scan.confirmed();
              }}
            >
              {confirmSummary}
            </ConfirmDialog>
          )}
        </Card>
      )}
    </div>
  );
};
