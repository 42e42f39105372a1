import { SegmentType, SubFeeType, feeTypeOfSubType, unitFitsSubType } from './codes';
import type { Segment } from './pricing';

/** One priced line of a fee model (issue 16): what is charged, per which unit, by which bands. */
export interface FeeLine {
  feeType: number;
  subType: number;
  unit: number;
  segmentType: number;
  segments: Segment[];
}

export interface RuleProblem {
  field: string;
  key: string;
}

/**
 * Bands must start at 1 and follow each other without a gap or an overlap, and the last must be
 * open-ended: ages or counts past a closed last band would be a gap priced at nothing. Problems
 * name the band's field (`lines.0.segments.1.from`).
 */
export function segmentProblems(segments: Segment[], at: string): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (!segments.length) return [{ field: `${at}.segments`, key: 'finance.validation.segmentsRequired' }];
  segments.forEach((s, i) => {
    const field = `${at}.segments.${i}`;
    const previous = segments[i - 1];
    if (s.to != null && s.to < s.from) problems.push({ field: `${field}.to`, key: 'finance.validation.segmentOrder' });
    if (!previous) {
      if (s.from !== 1) problems.push({ field: `${field}.from`, key: 'finance.validation.segmentStart' });
    } else if (previous.to == null || s.from <= previous.to) {
      problems.push({ field: `${field}.from`, key: 'finance.validation.segmentOverlap' });
    } else if (s.from > previous.to + 1) {
      problems.push({ field: `${field}.from`, key: 'finance.validation.segmentGap' });
    }
  });
  const last = segments.length - 1;
  if (segments[last].to != null)
    problems.push({ field: `${at}.segments.${last}.to`, key: 'finance.validation.segmentOpenEnd' });
  return problems;
}

/** A line's parts must agree: storage is by pallet-day and day bands; events count the units their event counts. */
export function lineProblems(line: FeeLine, at: string): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (feeTypeOfSubType(line.subType) !== line.feeType)
    problems.push({ field: `${at}.subType`, key: 'finance.validation.subType' });
  const storage = line.subType === SubFeeType.dailyStorage;
  if (!unitFitsSubType(line.subType, line.unit)) problems.push({ field: `${at}.unit`, key: 'finance.validation.unit' });
  if (storage !== (line.segmentType === SegmentType.day))
    problems.push({ field: `${at}.segmentType`, key: 'finance.validation.segmentType' });
  return [...problems, ...segmentProblems(line.segments, at)];
}

/** Every line's problems, and a sub type priced twice. */
export function feeLinesProblems(lines: FeeLine[]): RuleProblem[] {
  const seen = new Set<string>();
  return lines.flatMap((line, i) => {
    const key = `${line.subType}/${line.unit}`;
    const twice = seen.has(key) ? [{ field: `lines.${i}.subType`, key: 'finance.validation.lineTwice' }] : [];
    seen.add(key);
    return [...twice, ...lineProblems(line, `lines.${i}`)];
  });
}

/** Validity periods, `to` empty for open-ended, overlap when each starts before the other ends. */
export const periodsOverlap = (a: { from: string; to?: string | null }, b: { from: string; to?: string | null }) =>
  (a.to == null || b.from <= a.to) && (b.to == null || a.from <= b.to);
