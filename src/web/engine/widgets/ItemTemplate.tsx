import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../domain/resource';

/**
 * One item of an array of objects kept with the record (a fee model's line): titled by its label
 * key and number ("Fee line 2") instead of RJSF's `lines-2`, its short fields side by side and its
 * own arrays (the price bands) under them at full width, so a line reads as one block.
 */
export const ItemTemplate = (props: ObjectFieldTemplateProps) => {
  const { t } = useTranslation();
  const properties = (props.schema.properties ?? {}) as Record<string, FieldSchema>;
  const index = Number(props.fieldPathId.path.at(-1));
  const titleKey = props.uiSchema?.['ui:options']?.itemTitle as string | undefined;
  return (
    <div data-testid={`item-${props.fieldPathId.$id}`}>
      {titleKey && (
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t(titleKey, { n: index + 1 })}
        </Typography.Title>
      )}
      <Row gutter={16}>
        {props.properties.map((p) => (
          <Col
            key={p.name}
            xs={24}
            md={properties[p.name]?.type === 'array' ? 24 : 12}
            xl={properties[p.name]?.type === 'array' ? 24 : 6}
          >
            {p.content}
          </Col>
        ))}
      </Row>
    </div>
  );
};
