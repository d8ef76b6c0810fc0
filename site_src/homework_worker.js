// homework_worker.js: the dashboard's Python worker, under a name inside the homework page's
// service-worker scope. A scope is a prefix of the URL: "./homework" holds homework.html and
// this file, not dashboard_worker.js (which "./dashboard" happens to hold). A worker script the
// scope does not hold goes to the network, so an offline reload could not start Python.
import "./dashboard_worker.js";
