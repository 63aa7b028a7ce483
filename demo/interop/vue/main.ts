import { createApp } from 'vue';
import App from './App.vue';
import '../elements';

createApp(App).mount('#app');
