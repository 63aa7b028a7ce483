// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
import type { HTMLAttributes, RefAttributes } from 'react';
import type { CxAnalyticsViewerAttributes } from './elements/cx-analytics-viewer';
import type { CxAppRegistrationsAttributes } from './elements/cx-app-registrations';
import type { CxCardViewerAttributes } from './elements/cx-card-viewer';
import type { CxChangePasswordAttributes } from './elements/cx-change-password';
import type { CxDashboardAttributes } from './elements/cx-dashboard';
import type { CxDataViewerAttributes } from './elements/cx-data-viewer';
import type { CxDemoWallAttributes } from './elements/cx-demo-wall';
import type { CxEchoLoginAttributes } from './elements/cx-echo-login';
import type { CxFavouritesAttributes } from './elements/cx-favourites';
import type { CxFeedbackWidgetAttributes } from './elements/cx-feedback-widget';
import type { CxForgotPasswordAttributes } from './elements/cx-forgot-password';
import type { CxGroupDetailAttributes } from './elements/cx-group-detail';
import type { CxGroupListAttributes } from './elements/cx-group-list';
import type { CxInportalSurveyAttributes } from './elements/cx-inportal-survey';
import type { CxLikeForLikeAttributes } from './elements/cx-like-for-like';
import type { CxLoginAttributes } from './elements/cx-login';
import type { CxNpsGaugeAttributes } from './elements/cx-nps-gauge';
import type { CxQueueAttributes } from './elements/cx-queue';
import type { CxRecordDetailAttributes } from './elements/cx-record-detail';
import type { CxRecordsViewerAttributes } from './elements/cx-records-viewer';
import type { CxResetPasswordAttributes } from './elements/cx-reset-password';
import type { CxReviewFeedAttributes } from './elements/cx-review-feed';
import type { CxReviewRatingsAttributes } from './elements/cx-review-ratings';
import type { CxReviewRepliesAttributes } from './elements/cx-review-replies';
import type { CxReviewUpdatesAttributes } from './elements/cx-review-updates';
import type { CxSmartFilterBarAttributes } from './elements/cx-smart-filter-bar';
import type { CxSsoAttributes } from './elements/cx-sso';
import type { CxStarRatingAttributes } from './elements/cx-star-rating';
import type { CxStatusPageAttributes } from './elements/cx-status-page';
import type { CxSurveyEditorAttributes } from './elements/cx-survey-editor';
import type { CxSurveyListAttributes } from './elements/cx-survey-list';
import type { CxSurveyAttributes } from './elements/cx-survey';
import type { CxToastsAttributes } from './elements/cx-toasts';
import type { CxTopNavAttributes } from './elements/cx-top-nav';
import type { CxUserDetailAttributes } from './elements/cx-user-detail';
import type { CxUserListAttributes } from './elements/cx-user-list';
import type { CxUserSettingsAttributes } from './elements/cx-user-settings';
import type { CxVisualAttributes } from './elements/cx-visual';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'cx-analytics-viewer': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxAnalyticsViewerAttributes;
      'cx-app-registrations': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxAppRegistrationsAttributes;
      'cx-card-viewer': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxCardViewerAttributes;
      'cx-change-password': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxChangePasswordAttributes;
      'cx-dashboard': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxDashboardAttributes;
      'cx-data-viewer': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxDataViewerAttributes;
      'cx-demo-wall': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxDemoWallAttributes;
      'cx-echo-login': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxEchoLoginAttributes;
      'cx-favourites': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxFavouritesAttributes;
      'cx-feedback-widget': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxFeedbackWidgetAttributes;
      'cx-forgot-password': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxForgotPasswordAttributes;
      'cx-group-detail': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxGroupDetailAttributes;
      'cx-group-list': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxGroupListAttributes;
      'cx-inportal-survey': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxInportalSurveyAttributes;
      'cx-like-for-like': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxLikeForLikeAttributes;
      'cx-login': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxLoginAttributes;
      'cx-nps-gauge': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxNpsGaugeAttributes;
      'cx-queue': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxQueueAttributes;
      'cx-record-detail': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxRecordDetailAttributes;
      'cx-records-viewer': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxRecordsViewerAttributes;
      'cx-reset-password': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxResetPasswordAttributes;
      'cx-review-feed': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxReviewFeedAttributes;
      'cx-review-ratings': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxReviewRatingsAttributes;
      'cx-review-replies': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxReviewRepliesAttributes;
      'cx-review-updates': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxReviewUpdatesAttributes;
      'cx-smart-filter-bar': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxSmartFilterBarAttributes;
      'cx-sso': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxSsoAttributes;
      'cx-star-rating': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxStarRatingAttributes;
      'cx-status-page': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxStatusPageAttributes;
      'cx-survey-editor': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxSurveyEditorAttributes;
      'cx-survey-list': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxSurveyListAttributes;
      'cx-survey': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxSurveyAttributes;
      'cx-toasts': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxToastsAttributes;
      'cx-top-nav': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxTopNavAttributes;
      'cx-user-detail': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxUserDetailAttributes;
      'cx-user-list': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxUserListAttributes;
      'cx-user-settings': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxUserSettingsAttributes;
      'cx-visual': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxVisualAttributes;
    }
  }
}
