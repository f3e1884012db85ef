/** Whether a list card offers Unpublish (spec 001 §4: only for published assets, and only with the right to). */
export function canUnpublishFromList(item: { _meta: { status: string }; _links: { 'p:depublish': { methods: readonly string[] } } }): boolean {
  return item._meta.status === 'published' && item._links['p:depublish'].methods.includes('POST');
}
