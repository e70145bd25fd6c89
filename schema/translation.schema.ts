/**
 * A translation (definitions/i18n/<language>/<the English file's path>): the copy of one English definition file
 * in another language, keyed by the JSON pointer of each text in the English file. It overlays that file by path,
 * so the English files, and the lint's positions in them, stay as they are, and English visitors get nothing of it.
 */
export const translationSchema = {
  $id: "translation",
  title: "Translation of one definition file",
  description:
    'The copy of the English file at the same path under definitions/, in the language named by the folder (definitions/i18n/cy/… is Welsh). Each key of "copy" is the JSON pointer of a text in the English file, e.g. "/steps/0/title"; its value is that text in this language, with the same {placeholders}.',
  type: "object",
  required: ["copy"],
  properties: {
    $schema: { type: "string" },
    $comment: { type: "string", description: "A note for editors, e.g. who reviewed the translation." },
    copy: {
      description: "JSON pointer of a text in the English file → the text in this language.",
      type: "object",
      propertyNames: { pattern: "^(/[^/]*)+$" },
      additionalProperties: { type: "string", minLength: 1 },
    },
  },
  additionalProperties: false,
} as const;
