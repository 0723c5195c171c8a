import path from 'node:path';
import { fileURLToPath } from 'node:url';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Configuration } from 'webpack';
import webpack from 'webpack';
import 'webpack-dev-server';
import { BundleStatsPlugin } from './scripts/webpack/BundleStatsPlugin';
import { PublicFilesPlugin } from './scripts/webpack/PublicFilesPlugin';
import { ShellAssetsPlugin, type ShellAssets } from './scripts/webpack/ShellAssetsPlugin';

const root = path.dirname(fileURLToPath(import.meta.url));

const tsRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { module: 'ESNext', noEmit: false } } },
};

/**
 * The service worker (production only): its own compilation, after the client's, so it can carry
 * the client's file list; one unhashed, self-contained /sw.js (no runtime chunk, no split chunks).
 */
function serviceWorker(mode: Configuration['mode'], outDir: string, shell: ShellAssets): Configuration {
  return {
    name: 'sw',
    dependencies: ['client'],
    mode,
    target: 'webworker',
    entry: { sw: path.join(root, 'src/client/sw/worker.ts') },
    output: { path: outDir, filename: 'sw.js', publicPath: '/', clean: false },
    devtool: false,
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [tsRule] },
    plugins: [
      new webpack.DefinePlugin({
        __SHELL_FILES__: webpack.DefinePlugin.runtimeValue(() => JSON.stringify(shell.files), true),
        __SHELL_VERSION__: webpack.DefinePlugin.runtimeValue(() => JSON.stringify(shell.version), true),
      }),
    ],
    optimization: { runtimeChunk: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration | Configuration[] => {
  const mode = argv.mode ?? 'development';
  const production = mode === 'production';
  const outDir = process.env.CLIENT_OUT_DIR ? path.resolve(process.env.CLIENT_OUT_DIR) : path.join(root, 'dist/client');
  const shell: ShellAssets = { files: [], version: '' };
  const client: Configuration = {
    name: 'client',
    mode,
    entry: { main: path.join(root, 'src/client/index.tsx') },
    output: {
      path: outDir,
      filename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:12].js' : 'assets/[name].js',
      // new URL('./x.js', import.meta.url) files, e.g. the playback engine's AudioWorklet module
      assetModuleFilename: production ? 'assets/[name].[contenthash:12][ext]' : 'assets/[name][ext]',
      publicPath: '/',
      // sw.js is the service worker build's, written after this one
      clean: { keep: /^sw\.js$/ },
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router's package exports always name its development build; ship the production one.
      alias: production
        ? {
            'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [tsRule],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(root, 'public/index.html') }),
      new BundleStatsPlugin(),
      new PublicFilesPlugin(path.join(root, 'public')),
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      ...(production
        ? [
            new CompressionPlugin({ algorithm: 'gzip', test: /\.(js|css|html|svg|map)$/, threshold: 1024, filename: '[path][base].gz' }),
            new CompressionPlugin({ algorithm: 'brotliCompress', test: /\.(js|css|html|svg)$/, threshold: 1024, filename: '[path][base].br' }),
            new ShellAssetsPlugin(shell),
          ]
        : []),
    ],
    optimization: {
      runtimeChunk: 'single',
      splitChunks: { chunks: 'all' },
    },
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'minimal',
    devServer: {
      port: 5173,
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/api'], target: 'http://127.0.0.1:3000', ws: true }],
    },
  };
  return production ? [client, serviceWorker(mode, outDir, shell)] : client;
};
