/** `W/"7"`: the ETag of version 7, sent as If-Match with an edit. */
export const etagOf = (version: number) => `W/"${version}"`;
