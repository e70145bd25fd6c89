/**
 * The block registry: one entry per block type in schema/blocks.schema.ts.
 * Headings, paragraphs and text inputs (on nearly every step) are bundled with
 * the first page; every other block (choices, dates, calls to action, cards,
 * notices, disclaimers, heavy widgets) loads when a step needs it: the server
 * preloads the blocks of the step it draws, and the runner those of the step
 * Next leads to, from the visitor's first action. The
 * mapped type makes a missing entry a compile error, and a test checks the
 * keys against the schema's list.
 */
import { lazy, type ComponentType } from "react";
import type { BlockType } from "../../schema/types";
import type { BlockComponentProps } from "../runtime/runtime";
import { HeadingBlock } from "./heading/HeadingBlock";
import { ParagraphBlock } from "./paragraph/ParagraphBlock";
import { TextInputBlock } from "./textInput/TextInputBlock";

export type BlockRegistry = { [T in BlockType]: ComponentType<BlockComponentProps<T>> };

/**
 * Small lazily loaded blocks that most steps with fields use: they load at the visitor's first action
 * whatever the funnel, so no later step waits for them.
 */
export const FIELD_BLOCK_TYPES: readonly BlockType[] = ["radioGroup", "checkbox", "selectInput", "dateOfBirth"];

export const blockRegistry: BlockRegistry = {
  heading: HeadingBlock,
  paragraph: ParagraphBlock,
  bulletList: lazy(() => import("./bulletList/BulletListBlock").then((m) => ({ default: m.BulletListBlock }))),
  radioGroup: lazy(() => import("./radioGroup/RadioGroupBlock").then((m) => ({ default: m.RadioGroupBlock }))),
  benefitCards: lazy(() => import("./benefitCards/BenefitCardsBlock").then((m) => ({ default: m.BenefitCardsBlock }))),
  infoCard: lazy(() => import("./infoCard/InfoCardBlock").then((m) => ({ default: m.InfoCardBlock }))),
  infoModal: lazy(() => import("./infoModal/InfoModalBlock").then((m) => ({ default: m.InfoModalBlock }))),
  averageClaim: lazy(() => import("./averageClaim/AverageClaimBlock").then((m) => ({ default: m.AverageClaimBlock }))),
  actionButton: lazy(() => import("./actionButton/ActionButtonBlock").then((m) => ({ default: m.ActionButtonBlock }))),
  noticeModal: lazy(() => import("./noticeModal/NoticeModalBlock").then((m) => ({ default: m.NoticeModalBlock }))),
  textInput: TextInputBlock,
  selectInput: lazy(() => import("./selectInput/SelectInputBlock").then((m) => ({ default: m.SelectInputBlock }))),
  dateOfBirth: lazy(() => import("./dateOfBirth/DateOfBirthBlock").then((m) => ({ default: m.DateOfBirthBlock }))),
  checkbox: lazy(() => import("./checkbox/CheckboxBlock").then((m) => ({ default: m.CheckboxBlock }))),
  addressLookup: lazy(() => import("./addressLookup/AddressLookupBlock").then((m) => ({ default: m.AddressLookupBlock }))),
  signature: lazy(() => import("./signature/SignatureBlock").then((m) => ({ default: m.SignatureBlock }))),
  lenderPicker: lazy(() => import("./lenderPicker/LenderPickerBlock").then((m) => ({ default: m.LenderPickerBlock }))),
  creditCheck: lazy(() => import("./creditCheck/CreditCheckBlock").then((m) => ({ default: m.CreditCheckBlock }))),
  claimsFoundBanner: lazy(() => import("./claimsFoundBanner/ClaimsFoundBannerBlock").then((m) => ({ default: m.ClaimsFoundBannerBlock }))),
  passwordSetup: lazy(() => import("./passwordSetup/PasswordSetupBlock").then((m) => ({ default: m.PasswordSetupBlock }))),
  testimonials: lazy(() => import("./testimonials/TestimonialsBlock").then((m) => ({ default: m.TestimonialsBlock }))),
  numberedSteps: lazy(() => import("./numberedSteps/NumberedStepsBlock").then((m) => ({ default: m.NumberedStepsBlock }))),
  trustBadge: lazy(() => import("./trustBadge/TrustBadgeBlock").then((m) => ({ default: m.TrustBadgeBlock }))),
  submittingProgress: lazy(() =>
    import("./submittingProgress/SubmittingProgressBlock").then((m) => ({ default: m.SubmittingProgressBlock })),
  ),
  emailSuggestion: lazy(() => import("./emailSuggestion/EmailSuggestionBlock").then((m) => ({ default: m.EmailSuggestionBlock }))),
  kbaQuestions: lazy(() => import("./kbaQuestions/KbaQuestionsBlock").then((m) => ({ default: m.KbaQuestionsBlock }))),
  companyReviews: lazy(() => import("./companyReviews/CompanyReviewsBlock").then((m) => ({ default: m.CompanyReviewsBlock }))),
  companyFaq: lazy(() => import("./companyFaq/CompanyFaqBlock").then((m) => ({ default: m.CompanyFaqBlock }))),
  privacyDisclaimer: lazy(() => import("./privacyDisclaimer/PrivacyDisclaimerBlock").then((m) => ({ default: m.PrivacyDisclaimerBlock }))),
  feeIllustration: lazy(() => import("./feeIllustration/FeeIllustrationBlock").then((m) => ({ default: m.FeeIllustrationBlock }))),
  summaryDocument: lazy(() => import("./summaryDocument/SummaryDocumentBlock").then((m) => ({ default: m.SummaryDocumentBlock }))),
  checkAnswers: lazy(() => import("./checkAnswers/CheckAnswersBlock").then((m) => ({ default: m.CheckAnswersBlock }))),
  saveForLater: lazy(() => import("./saveForLater/SaveForLaterBlock").then((m) => ({ default: m.SaveForLaterBlock }))),
};
