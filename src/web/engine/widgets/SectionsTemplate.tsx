import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Col, Divider, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../domain/resource';
import type { FormContext } from './form-context';

/** Fields that need the whole width: long texts, lines and lists of lookups. */
const wide = (s: FieldSchema | undefined) => !!s && (s['x-multiline'] || s['x-lines'] || s.type === 'array');

/**
 * The root object of a generated form cut into titled sections by `x-group` (in the order their
 * first field appears; ungrouped fields lead), each laid out in two columns on a wide screen and
 * one on a narrow one or in a dialog. Nested objects keep the theme's plain layout.
 */
export const SectionsTemplate = (props: ObjectFieldTemplateProps) => {
  const { t } = useTranslation();
  const ctx = props.registry.formContext as FormContext | undefined;
  const properties = (props.schema.properties ?? {}) as Record<string, FieldSchema>;
  const sections = new Map<string, typeof props.properties>();
  for (const p of props.properties) {
    const group = properties[p.name]?.['x-group'] ?? '';
    if (!sections.has(group)) sections.set(group, []);
    sections.get(group)!.push(p);
  }
  const ordered = [...sections].sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : 0));
  const half = ctx?.narrow ? 24 : 12;
  return (
    <div data-testid="form-sections">
      {ordered.map(([group, fields]) => (
        <section key={group || '_'} data-testid={group ? `form-section-${group}` : undefined}>
          {group && ctx && (
            <Divider orientation="left" orientationMargin={0} style={{ marginTop: 8 }}>
              {t(`${ctx.def.name}.groups.${group}`)}
            </Divider>
          )}
          <Row gutter={24}>
            {fields.map((p) =>
              p.hidden ? (
                <div key={p.name} style={{ display: 'none' }}>
                  {p.content}
                </div>
              ) : (
                <Col key={p.name} xs={24} lg={wide(properties[p.name]) ? 24 : half}>
                  {p.content}
                </Col>
              ),
            )}
          </Row>
        </section>
      ))}
    </div>
  );
};
