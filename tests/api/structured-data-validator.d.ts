/** The few types tests/api/pages/link-previews.test.ts uses of @adobe/structured-data-validator. */
declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    fieldNames: string[];
    path: unknown[];
  }
  /** Google's rich-result rules; with schema.org's vocabulary (a JSON-LD file) also its. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: {
      jsonld?: Record<string, unknown[]>;
      microdata?: Record<string, unknown[]>;
      rdfa?: Record<string, unknown[]>;
    }): Promise<ValidationIssue[]>;
  }
}
