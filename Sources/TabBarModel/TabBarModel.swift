// The tab-bar and navigation models live here (issues 4 and 5).
import Observing
