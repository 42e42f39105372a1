/** One language's texts in one file: the first screen fetches it in one request, not one per area. */
export default import.meta.glob<Record<string, unknown>>('../../../../locales/es/*.json', {
  eager: true,
  import: 'default',
});
