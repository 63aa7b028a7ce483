import { Component, CUSTOM_ELEMENTS_SCHEMA, provideZonelessChangeDetection, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';

// The portal's element bundle, loaded at run time from the portal (as a customer's app would).
const BUNDLE = '/elements/cx-elements.js';
const elements = import(/* @vite-ignore */ BUNDLE) as Promise<{ configure(options: { locale?: string }): void }>;

/**
 * Angular: CUSTOM_ELEMENTS_SCHEMA lets `cx-*` tags through, `[value]` and `[readonly]` bind
 * properties (Angular writes `readOnly`, which the elements answer to), `(cx-change)` listens.
 */
@Component({
  selector: 'cx-app',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <h1>Angular</h1>
    @if (shown()) {
      <cx-star-rating [value]="value()" [readonly]="readonly()" label="Your visit" (cx-change)="choose($event)"></cx-star-rating>
    }
    <cx-nps-gauge [value]="value() / 5 - 0.5" [responses]="120"></cx-nps-gauge>
    <p role="status">Chosen: {{ value() }}</p>
    <button type="button" (click)="readonly.set(!readonly())">{{ readonly() ? 'Editable' : 'Read only' }}</button>
    <button type="button" (click)="switchLocale()">{{ locale() === 'en' ? 'Deutsch' : 'English' }}</button>
    <button type="button" (click)="shown.set(!shown())">{{ shown() ? 'Remove rating' : 'Add rating' }}</button>
  `,
})
class App {
  readonly value = signal(2);
  readonly readonly = signal(false);
  readonly shown = signal(true);
  readonly locale = signal('en');

  choose(event: Event) {
    this.value.set((event as CustomEvent<{ value: number }>).detail.value);
  }

  async switchLocale() {
    this.locale.set(this.locale() === 'en' ? 'de' : 'en');
    (await elements).configure({ locale: this.locale() });
  }
}

void bootstrapApplication(App, { providers: [provideZonelessChangeDetection()] });
