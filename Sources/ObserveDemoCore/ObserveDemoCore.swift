// The demo's parser, renderer and scenario live here (issue 6).
import TabBarModel
