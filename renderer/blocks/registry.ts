/**
 * The block registry: one entry per block type in schema/blocks.schema.ts.
 * Light blocks are bundled with the first step; heavy ones load when a step
 * needs them. The mapped type makes a missing entry a compile error, and a
 * test checks the keys against the schema's list.
 */
import { lazy, type ComponentType } from "react";
import type { BlockType } from "../../schema/types";
import type { BlockComponentProps } from "../funnel/runtime";
import { ActionButtonBlock } from "./actionButton/ActionButtonBlock";
import { AverageClaimBlock } from "./averageClaim/AverageClaimBlock";
import { BulletListBlock } from "./bulletList/BulletListBlock";
import { BenefitCardsBlock } from "./benefitCards/BenefitCardsBlock";
import { InfoCardBlock } from "./infoCard/InfoCardBlock";
import { RadioGroupBlock } from "./radioGroup/RadioGroupBlock";
import { CheckboxBlock } from "./checkbox/CheckboxBlock";
import { DateOfBirthBlock } from "./dateOfBirth/DateOfBirthBlock";
import { HeadingBlock } from "./heading/HeadingBlock";
import { NoticeModalBlock } from "./noticeModal/NoticeModalBlock";
import { PrivacyDisclaimerBlock } from "./privacyDisclaimer/PrivacyDisclaimerBlock";
import { ParagraphBlock } from "./paragraph/ParagraphBlock";
import { SelectInputBlock } from "./selectInput/SelectInputBlock";
import { TextInputBlock } from "./textInput/TextInputBlock";

export type BlockRegistry = { [T in BlockType]: ComponentType<BlockComponentProps<T>> };

export const blockRegistry: BlockRegistry = {
  heading: HeadingBlock,
  paragraph: ParagraphBlock,
  bulletList: BulletListBlock,
  radioGroup: RadioGroupBlock,
  benefitCards: BenefitCardsBlock,
  infoCard: InfoCardBlock,
  infoModal: lazy(() => import("./infoModal/InfoModalBlock").then((m) => ({ default: m.InfoModalBlock }))),
  averageClaim: AverageClaimBlock,
  actionButton: ActionButtonBlock,
  noticeModal: NoticeModalBlock,
  textInput: TextInputBlock,
  selectInput: SelectInputBlock,
  dateOfBirth: DateOfBirthBlock,
  checkbox: CheckboxBlock,
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
  privacyDisclaimer: PrivacyDisclaimerBlock,
};
