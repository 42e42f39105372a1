import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import type { InputRef } from 'antd';
import { useTranslation } from 'react-i18next';

const TEXT_INPUTS = ['text', 'search', 'number', 'date', 'email', 'password', 'tel', 'url'];

/** Whether a key pressed here writes into a field, which a scan must not steal from. */
const typesText = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && TEXT_INPUTS.includes(target.type)));

/**
 * Where a keyboard-wedge scanner types: the field keeps the focus, and keys typed while no other
 * field has it (after a tap on a button, say) land here too. Enter hands the
 * code over and empties the field for the next one.
 */
export const CodeInput = ({ onCode }: { onCode: (code: string) => void }) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const field = useRef<InputRef>(null);

  useEffect(() => {
    field.current?.focus();
    const stray = (event: KeyboardEvent) => {
      if (typesText(event.target)) return;
      if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        field.current?.focus();
        setText((current) => current + event.key);
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', stray);
    return () => window.removeEventListener('keydown', stray);
  }, []);

  const submit = () => {
    const code = text.trim();
    setText('');
    if (code) onCode(code);
  };

  return (
    <Input.Search
      ref={field}
      size="large"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={submit}
      enterButton={t('scan.enter')}
      placeholder={t('scan.code')}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      data-testid="scan-code"
    />
  );
};
