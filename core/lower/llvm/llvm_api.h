/*
 * llvm_api.h: the LLVM C API functions the LLVM emitter (lower_*.c) and the
 * JIT (jit.c) call, reached through pointers that buf__llvm_load fills
 * from libLLVM with dlopen on the first LLVM request.
 *
 * Why: mapping and relocating libLLVM costs every process about 47 MB of
 * resident memory and tens of milliseconds at start-up, although only
 * --emit=llvm/obj (and the daemon's LLVM jobs) use it; parsing, verifying,
 * bufferizing and printing never do. Include this after the llvm-c headers:
 * each name below then means the loaded function. A call to an LLVM
 * function missing from the list fails to link (libbufcore does not link
 * libLLVM), so add it here.
 */
#ifndef BUF_LOWER_LLVM_API_H
#define BUF_LOWER_LLVM_API_H

#include <stdbool.h>

/* Every header whose functions the list names: the pointer types below are
 * taken from their prototypes. */
#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#define BUF_LLVM_FUNCTIONS(X) \
  X(LLVMAddAttributeAtIndex) \
  X(LLVMAddCase) \
  X(LLVMAddFunction) \
  X(LLVMAddGlobal) \
  X(LLVMAddIncoming) \
  X(LLVMAddModuleFlag) \
  X(LLVMAppendBasicBlockInContext) \
  X(LLVMArrayType2) \
  X(LLVMBFloatTypeInContext) \
  X(LLVMBuildAdd) \
  X(LLVMBuildAddrSpaceCast) \
  X(LLVMBuildAlloca) \
  X(LLVMBuildAnd) \
  X(LLVMBuildArrayAlloca) \
  X(LLVMBuildBinOp) \
  X(LLVMBuildBitCast) \
  X(LLVMBuildBr) \
  X(LLVMBuildCall2) \
  X(LLVMBuildCast) \
  X(LLVMBuildCondBr) \
  X(LLVMBuildExtractValue) \
  X(LLVMBuildExtractElement) \
  X(LLVMBuildFCmp) \
  X(LLVMBuildFDiv) \
  X(LLVMBuildFMul) \
  X(LLVMBuildFNeg) \
  X(LLVMBuildFPExt) \
  X(LLVMBuildFPTrunc) \
  X(LLVMBuildGEP2) \
  X(LLVMBuildGlobalString) \
  X(LLVMBuildICmp) \
  X(LLVMBuildInsertValue) \
  X(LLVMBuildInsertElement) \
  X(LLVMBuildShuffleVector) \
  X(LLVMBuildLShr) \
  X(LLVMBuildLoad2) \
  X(LLVMBuildMemCpy) \
  X(LLVMBuildMul) \
  X(LLVMBuildOr) \
  X(LLVMBuildPhi) \
  X(LLVMBuildPtrToInt) \
  X(LLVMBuildRet) \
  X(LLVMBuildRetVoid) \
  X(LLVMBuildSDiv) \
  X(LLVMBuildSExt) \
  X(LLVMBuildSIToFP) \
  X(LLVMBuildSRem) \
  X(LLVMBuildSelect) \
  X(LLVMBuildShl) \
  X(LLVMBuildStore) \
  X(LLVMBuildSub) \
  X(LLVMBuildSwitch) \
  X(LLVMBuildTrunc) \
  X(LLVMBuildUDiv) \
  X(LLVMBuildURem) \
  X(LLVMBuildUnreachable) \
  X(LLVMBuildZExt) \
  X(LLVMConstAllOnes) \
  X(LLVMConstArray2) \
  X(LLVMConstDataArray) \
  X(LLVMConstInt) \
  X(LLVMConstNull) \
  X(LLVMConstReal) \
  X(LLVMConstStructInContext) \
  X(LLVMConsumeError) \
  X(LLVMContextCreate) \
  X(LLVMContextDispose) \
  X(LLVMCountParams) \
  X(LLVMCreateBuilderInContext) \
  X(LLVMCreateMemoryBufferWithContentsOfFile) \
  X(LLVMCreateMemoryBufferWithMemoryRange) \
  X(LLVMCountBasicBlocks) \
  X(LLVMCreateEnumAttribute) \
  X(LLVMCreateMessage) \
  X(LLVMCreatePassBuilderOptions) \
  X(LLVMCreateTargetDataLayout) \
  X(LLVMCreateTargetMachine) \
  X(LLVMDisposeBuilder) \
  X(LLVMDisposeErrorMessage) \
  X(LLVMDisposeMemoryBuffer) \
  X(LLVMDisposeMessage) \
  X(LLVMDisposeModule) \
  X(LLVMDisposePassBuilderOptions) \
  X(LLVMDisposeTargetData) \
  X(LLVMDisposeTargetMachine) \
  X(LLVMDoubleTypeInContext) \
  X(LLVMFloatTypeInContext) \
  X(LLVMFunctionType) \
  X(LLVMGetEnumAttributeKindForName) \
  X(LLVMGetBufferSize) \
  X(LLVMGetBufferStart) \
  X(LLVMGetDataLayoutStr) \
  X(LLVMGetErrorMessage) \
  X(LLVMGetFirstFunction) \
  X(LLVMGetFirstGlobal) \
  X(LLVMGetFirstInstruction) \
  X(LLVMGetFunctionCallConv) \
  X(LLVMGetInsertBlock) \
  X(LLVMGetIntTypeWidth) \
  X(LLVMGetIntrinsicDeclaration) \
  X(LLVMGetNamedFunction) \
  X(LLVMGetNamedGlobal) \
  X(LLVMGetNextFunction) \
  X(LLVMGetNextGlobal) \
  X(LLVMGetParam) \
  X(LLVMGetParams) \
  X(LLVMGetPointerAddressSpace) \
  X(LLVMGetReturnType) \
  X(LLVMGetTargetFromTriple) \
  X(LLVMGetTypeKind) \
  X(LLVMGetUndef) \
  X(LLVMGetValueName2) \
  X(LLVMGlobalGetValueType) \
  X(LLVMHalfTypeInContext) \
  X(LLVMInitializeNVPTXAsmPrinter) \
  X(LLVMInitializeNVPTXTarget) \
  X(LLVMInitializeNVPTXTargetInfo) \
  X(LLVMInitializeNVPTXTargetMC) \
  X(LLVMInitializeX86AsmPrinter) \
  X(LLVMInitializeX86Target) \
  X(LLVMInitializeX86TargetInfo) \
  X(LLVMInitializeX86TargetMC) \
  X(LLVMInt16TypeInContext) \
  X(LLVMInt1TypeInContext) \
  X(LLVMInt32TypeInContext) \
  X(LLVMInt64TypeInContext) \
  X(LLVMInt8TypeInContext) \
  X(LLVMIntTypeInContext) \
  X(LLVMIntrinsicGetType) \
  X(LLVMIsDeclaration) \
  X(LLVMLinkModules2) \
  X(LLVMLookupIntrinsicID) \
  X(LLVMModuleCreateWithNameInContext) \
  X(LLVMOrcAbsoluteSymbols) \
  X(LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess) \
  X(LLVMOrcCreateLLJIT) \
  X(LLVMOrcCreateNewThreadSafeContextFromLLVMContext) \
  X(LLVMOrcCreateNewThreadSafeModule) \
  X(LLVMOrcDisposeLLJIT) \
  X(LLVMOrcDisposeMaterializationUnit) \
  X(LLVMOrcDisposeThreadSafeContext) \
  X(LLVMOrcDisposeThreadSafeModule) \
  X(LLVMOrcExecutionSessionSetErrorReporter) \
  X(LLVMOrcJITDylibAddGenerator) \
  X(LLVMOrcJITDylibDefine) \
  X(LLVMOrcLLJITAddLLVMIRModule) \
  X(LLVMOrcLLJITGetExecutionSession) \
  X(LLVMOrcLLJITGetGlobalPrefix) \
  X(LLVMOrcLLJITGetMainJITDylib) \
  X(LLVMOrcLLJITLookup) \
  X(LLVMOrcLLJITMangleAndIntern) \
  X(LLVMOrcSymbolStringPoolEntryStr) \
  X(LLVMParseBitcodeInContext2) \
  X(LLVMPointerTypeInContext) \
  X(LLVMPositionBuilderAtEnd) \
  X(LLVMPositionBuilderBefore) \
  X(LLVMPrintModuleToFile) \
  X(LLVMPrintModuleToString) \
  X(LLVMRunPasses) \
  X(LLVMSetAlignment) \
  X(LLVMSetDataLayout) \
  X(LLVMSetFunctionCallConv) \
  X(LLVMSetGlobalConstant) \
  X(LLVMSetInitializer) \
  X(LLVMSetLinkage) \
  X(LLVMSetModuleDataLayout) \
  X(LLVMSetTarget) \
  X(LLVMSizeOf) \
  X(LLVMStructTypeInContext) \
  X(LLVMTargetMachineEmitToFile) \
  X(LLVMTargetMachineEmitToMemoryBuffer) \
  X(LLVMTypeOf) \
  X(LLVMVectorType) \
  X(LLVMConstVector) \
  X(LLVMGetPoison) \
  X(LLVMGetVectorSize) \
  X(LLVMValueAsMetadata) \
  X(LLVMVerifyModule) \
  X(LLVMVoidTypeInContext) \
  X(LLVMWriteBitcodeToFile) \
  X(LLVMWriteBitcodeToMemoryBuffer) \
  X(LLVMCloneModule) \
  X(LLVMGetFirstBasicBlock) \
  X(LLVMGetNextBasicBlock) \
  X(LLVMGetNextInstruction) \
  X(LLVMGetLinkage) \
  X(LLVMSetVisibility) \
  X(LLVMGetVisibility) \
  X(LLVMSetValueName2) \
  X(LLVMReplaceAllUsesWith) \
  X(LLVMDeleteFunction) \
  X(LLVMDeleteGlobal) \
  X(LLVMGetAlignment) \
  X(LLVMIsGlobalConstant)

typedef struct buf_llvm_api {
#define BUF_LLVM_POINTER(name) __typeof__(name) *name;
  BUF_LLVM_FUNCTIONS(BUF_LLVM_POINTER)
#undef BUF_LLVM_POINTER
} buf_llvm_api_t;

/* Filled by buf__llvm_load. */
extern buf_llvm_api_t buf__llvm;

/* Loads libLLVM and resolves every function above, once per process
 * (thread-safe). Returns false, with *why set to a static message, when
 * the library or one of its functions cannot be found. */
bool buf__llvm_load(const char **why);

#ifndef BUF_LLVM_API_LOADER
#define LLVMCloneModule (*buf__llvm.LLVMCloneModule)
#define LLVMGetFirstBasicBlock (*buf__llvm.LLVMGetFirstBasicBlock)
#define LLVMGetNextBasicBlock (*buf__llvm.LLVMGetNextBasicBlock)
#define LLVMGetNextInstruction (*buf__llvm.LLVMGetNextInstruction)
#define LLVMGetLinkage (*buf__llvm.LLVMGetLinkage)
#define LLVMSetVisibility (*buf__llvm.LLVMSetVisibility)
#define LLVMGetVisibility (*buf__llvm.LLVMGetVisibility)
#define LLVMSetValueName2 (*buf__llvm.LLVMSetValueName2)
#define LLVMReplaceAllUsesWith (*buf__llvm.LLVMReplaceAllUsesWith)
#define LLVMDeleteFunction (*buf__llvm.LLVMDeleteFunction)
#define LLVMDeleteGlobal (*buf__llvm.LLVMDeleteGlobal)
#define LLVMGetAlignment (*buf__llvm.LLVMGetAlignment)
#define LLVMIsGlobalConstant (*buf__llvm.LLVMIsGlobalConstant)
#define LLVMAddAttributeAtIndex (*buf__llvm.LLVMAddAttributeAtIndex)
#define LLVMAddCase (*buf__llvm.LLVMAddCase)
#define LLVMCreateEnumAttribute (*buf__llvm.LLVMCreateEnumAttribute)
#define LLVMGetEnumAttributeKindForName (*buf__llvm.LLVMGetEnumAttributeKindForName)
#define LLVMAddFunction (*buf__llvm.LLVMAddFunction)
#define LLVMAddGlobal (*buf__llvm.LLVMAddGlobal)
#define LLVMAddIncoming (*buf__llvm.LLVMAddIncoming)
#define LLVMAddModuleFlag (*buf__llvm.LLVMAddModuleFlag)
#define LLVMAppendBasicBlockInContext (*buf__llvm.LLVMAppendBasicBlockInContext)
#define LLVMArrayType2 (*buf__llvm.LLVMArrayType2)
#define LLVMBFloatTypeInContext (*buf__llvm.LLVMBFloatTypeInContext)
#define LLVMBuildAdd (*buf__llvm.LLVMBuildAdd)
#define LLVMBuildAddrSpaceCast (*buf__llvm.LLVMBuildAddrSpaceCast)
#define LLVMBuildAlloca (*buf__llvm.LLVMBuildAlloca)
#define LLVMBuildAnd (*buf__llvm.LLVMBuildAnd)
#define LLVMBuildArrayAlloca (*buf__llvm.LLVMBuildArrayAlloca)
#define LLVMBuildBinOp (*buf__llvm.LLVMBuildBinOp)
#define LLVMBuildBitCast (*buf__llvm.LLVMBuildBitCast)
#define LLVMBuildBr (*buf__llvm.LLVMBuildBr)
#define LLVMBuildCall2 (*buf__llvm.LLVMBuildCall2)
#define LLVMBuildCast (*buf__llvm.LLVMBuildCast)
#define LLVMBuildCondBr (*buf__llvm.LLVMBuildCondBr)
#define LLVMBuildExtractValue (*buf__llvm.LLVMBuildExtractValue)
#define LLVMBuildExtractElement (*buf__llvm.LLVMBuildExtractElement)
#define LLVMBuildInsertElement (*buf__llvm.LLVMBuildInsertElement)
#define LLVMBuildShuffleVector (*buf__llvm.LLVMBuildShuffleVector)
#define LLVMConstStructInContext (*buf__llvm.LLVMConstStructInContext)
#define LLVMCreateMessage (*buf__llvm.LLVMCreateMessage)
#define LLVMPrintModuleToFile (*buf__llvm.LLVMPrintModuleToFile)
#define LLVMTargetMachineEmitToFile (*buf__llvm.LLVMTargetMachineEmitToFile)
#define LLVMVectorType (*buf__llvm.LLVMVectorType)
#define LLVMConstVector (*buf__llvm.LLVMConstVector)
#define LLVMGetPoison (*buf__llvm.LLVMGetPoison)
#define LLVMGetVectorSize (*buf__llvm.LLVMGetVectorSize)
#define LLVMBuildFCmp (*buf__llvm.LLVMBuildFCmp)
#define LLVMBuildFDiv (*buf__llvm.LLVMBuildFDiv)
#define LLVMBuildFMul (*buf__llvm.LLVMBuildFMul)
#define LLVMBuildFNeg (*buf__llvm.LLVMBuildFNeg)
#define LLVMBuildFPExt (*buf__llvm.LLVMBuildFPExt)
#define LLVMBuildFPTrunc (*buf__llvm.LLVMBuildFPTrunc)
#define LLVMBuildGEP2 (*buf__llvm.LLVMBuildGEP2)
#define LLVMBuildGlobalString (*buf__llvm.LLVMBuildGlobalString)
#define LLVMBuildICmp (*buf__llvm.LLVMBuildICmp)
#define LLVMBuildInsertValue (*buf__llvm.LLVMBuildInsertValue)
#define LLVMBuildLShr (*buf__llvm.LLVMBuildLShr)
#define LLVMBuildLoad2 (*buf__llvm.LLVMBuildLoad2)
#define LLVMBuildMemCpy (*buf__llvm.LLVMBuildMemCpy)
#define LLVMBuildMul (*buf__llvm.LLVMBuildMul)
#define LLVMBuildOr (*buf__llvm.LLVMBuildOr)
#define LLVMBuildPhi (*buf__llvm.LLVMBuildPhi)
#define LLVMBuildPtrToInt (*buf__llvm.LLVMBuildPtrToInt)
#define LLVMBuildRet (*buf__llvm.LLVMBuildRet)
#define LLVMBuildRetVoid (*buf__llvm.LLVMBuildRetVoid)
#define LLVMBuildSDiv (*buf__llvm.LLVMBuildSDiv)
#define LLVMBuildSExt (*buf__llvm.LLVMBuildSExt)
#define LLVMBuildSIToFP (*buf__llvm.LLVMBuildSIToFP)
#define LLVMBuildSRem (*buf__llvm.LLVMBuildSRem)
#define LLVMBuildSelect (*buf__llvm.LLVMBuildSelect)
#define LLVMBuildShl (*buf__llvm.LLVMBuildShl)
#define LLVMBuildStore (*buf__llvm.LLVMBuildStore)
#define LLVMBuildSub (*buf__llvm.LLVMBuildSub)
#define LLVMBuildSwitch (*buf__llvm.LLVMBuildSwitch)
#define LLVMBuildTrunc (*buf__llvm.LLVMBuildTrunc)
#define LLVMBuildUDiv (*buf__llvm.LLVMBuildUDiv)
#define LLVMBuildURem (*buf__llvm.LLVMBuildURem)
#define LLVMBuildUnreachable (*buf__llvm.LLVMBuildUnreachable)
#define LLVMBuildZExt (*buf__llvm.LLVMBuildZExt)
#define LLVMConstAllOnes (*buf__llvm.LLVMConstAllOnes)
#define LLVMConstArray2 (*buf__llvm.LLVMConstArray2)
#define LLVMConstDataArray (*buf__llvm.LLVMConstDataArray)
#define LLVMConstInt (*buf__llvm.LLVMConstInt)
#define LLVMConstNull (*buf__llvm.LLVMConstNull)
#define LLVMConstReal (*buf__llvm.LLVMConstReal)
#define LLVMConsumeError (*buf__llvm.LLVMConsumeError)
#define LLVMContextCreate (*buf__llvm.LLVMContextCreate)
#define LLVMContextDispose (*buf__llvm.LLVMContextDispose)
#define LLVMCountParams (*buf__llvm.LLVMCountParams)
#define LLVMCreateBuilderInContext (*buf__llvm.LLVMCreateBuilderInContext)
#define LLVMCreateMemoryBufferWithContentsOfFile (*buf__llvm.LLVMCreateMemoryBufferWithContentsOfFile)
#define LLVMCreateMemoryBufferWithMemoryRange (*buf__llvm.LLVMCreateMemoryBufferWithMemoryRange)
#define LLVMCountBasicBlocks (*buf__llvm.LLVMCountBasicBlocks)
#define LLVMCreatePassBuilderOptions (*buf__llvm.LLVMCreatePassBuilderOptions)
#define LLVMCreateTargetDataLayout (*buf__llvm.LLVMCreateTargetDataLayout)
#define LLVMCreateTargetMachine (*buf__llvm.LLVMCreateTargetMachine)
#define LLVMDisposeBuilder (*buf__llvm.LLVMDisposeBuilder)
#define LLVMDisposeErrorMessage (*buf__llvm.LLVMDisposeErrorMessage)
#define LLVMDisposeMemoryBuffer (*buf__llvm.LLVMDisposeMemoryBuffer)
#define LLVMDisposeMessage (*buf__llvm.LLVMDisposeMessage)
#define LLVMDisposeModule (*buf__llvm.LLVMDisposeModule)
#define LLVMDisposePassBuilderOptions (*buf__llvm.LLVMDisposePassBuilderOptions)
#define LLVMDisposeTargetData (*buf__llvm.LLVMDisposeTargetData)
#define LLVMDisposeTargetMachine (*buf__llvm.LLVMDisposeTargetMachine)
#define LLVMDoubleTypeInContext (*buf__llvm.LLVMDoubleTypeInContext)
#define LLVMFloatTypeInContext (*buf__llvm.LLVMFloatTypeInContext)
#define LLVMFunctionType (*buf__llvm.LLVMFunctionType)
#define LLVMGetBufferSize (*buf__llvm.LLVMGetBufferSize)
#define LLVMGetBufferStart (*buf__llvm.LLVMGetBufferStart)
#define LLVMGetDataLayoutStr (*buf__llvm.LLVMGetDataLayoutStr)
#define LLVMGetErrorMessage (*buf__llvm.LLVMGetErrorMessage)
#define LLVMGetFirstFunction (*buf__llvm.LLVMGetFirstFunction)
#define LLVMGetFirstGlobal (*buf__llvm.LLVMGetFirstGlobal)
#define LLVMGetFirstInstruction (*buf__llvm.LLVMGetFirstInstruction)
#define LLVMGetFunctionCallConv (*buf__llvm.LLVMGetFunctionCallConv)
#define LLVMGetInsertBlock (*buf__llvm.LLVMGetInsertBlock)
#define LLVMGetIntTypeWidth (*buf__llvm.LLVMGetIntTypeWidth)
#define LLVMGetIntrinsicDeclaration (*buf__llvm.LLVMGetIntrinsicDeclaration)
#define LLVMGetNamedFunction (*buf__llvm.LLVMGetNamedFunction)
#define LLVMGetNamedGlobal (*buf__llvm.LLVMGetNamedGlobal)
#define LLVMGetNextFunction (*buf__llvm.LLVMGetNextFunction)
#define LLVMGetNextGlobal (*buf__llvm.LLVMGetNextGlobal)
#define LLVMGetParam (*buf__llvm.LLVMGetParam)
#define LLVMGetParams (*buf__llvm.LLVMGetParams)
#define LLVMGetPointerAddressSpace (*buf__llvm.LLVMGetPointerAddressSpace)
#define LLVMGetReturnType (*buf__llvm.LLVMGetReturnType)
#define LLVMGetTargetFromTriple (*buf__llvm.LLVMGetTargetFromTriple)
#define LLVMGetTypeKind (*buf__llvm.LLVMGetTypeKind)
#define LLVMGetUndef (*buf__llvm.LLVMGetUndef)
#define LLVMGetValueName2 (*buf__llvm.LLVMGetValueName2)
#define LLVMGlobalGetValueType (*buf__llvm.LLVMGlobalGetValueType)
#define LLVMHalfTypeInContext (*buf__llvm.LLVMHalfTypeInContext)
#define LLVMInitializeNVPTXAsmPrinter (*buf__llvm.LLVMInitializeNVPTXAsmPrinter)
#define LLVMInitializeNVPTXTarget (*buf__llvm.LLVMInitializeNVPTXTarget)
#define LLVMInitializeNVPTXTargetInfo (*buf__llvm.LLVMInitializeNVPTXTargetInfo)
#define LLVMInitializeNVPTXTargetMC (*buf__llvm.LLVMInitializeNVPTXTargetMC)
#define LLVMInitializeX86AsmPrinter (*buf__llvm.LLVMInitializeX86AsmPrinter)
#define LLVMInitializeX86Target (*buf__llvm.LLVMInitializeX86Target)
#define LLVMInitializeX86TargetInfo (*buf__llvm.LLVMInitializeX86TargetInfo)
#define LLVMInitializeX86TargetMC (*buf__llvm.LLVMInitializeX86TargetMC)
#define LLVMInt16TypeInContext (*buf__llvm.LLVMInt16TypeInContext)
#define LLVMInt1TypeInContext (*buf__llvm.LLVMInt1TypeInContext)
#define LLVMInt32TypeInContext (*buf__llvm.LLVMInt32TypeInContext)
#define LLVMInt64TypeInContext (*buf__llvm.LLVMInt64TypeInContext)
#define LLVMInt8TypeInContext (*buf__llvm.LLVMInt8TypeInContext)
#define LLVMIntTypeInContext (*buf__llvm.LLVMIntTypeInContext)
#define LLVMIntrinsicGetType (*buf__llvm.LLVMIntrinsicGetType)
#define LLVMIsDeclaration (*buf__llvm.LLVMIsDeclaration)
#define LLVMLinkModules2 (*buf__llvm.LLVMLinkModules2)
#define LLVMLookupIntrinsicID (*buf__llvm.LLVMLookupIntrinsicID)
#define LLVMModuleCreateWithNameInContext (*buf__llvm.LLVMModuleCreateWithNameInContext)
#define LLVMOrcAbsoluteSymbols (*buf__llvm.LLVMOrcAbsoluteSymbols)
#define LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess (*buf__llvm.LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess)
#define LLVMOrcCreateLLJIT (*buf__llvm.LLVMOrcCreateLLJIT)
#define LLVMOrcCreateNewThreadSafeContextFromLLVMContext (*buf__llvm.LLVMOrcCreateNewThreadSafeContextFromLLVMContext)
#define LLVMOrcCreateNewThreadSafeModule (*buf__llvm.LLVMOrcCreateNewThreadSafeModule)
#define LLVMOrcDisposeLLJIT (*buf__llvm.LLVMOrcDisposeLLJIT)
#define LLVMOrcDisposeMaterializationUnit (*buf__llvm.LLVMOrcDisposeMaterializationUnit)
#define LLVMOrcDisposeThreadSafeContext (*buf__llvm.LLVMOrcDisposeThreadSafeContext)
#define LLVMOrcDisposeThreadSafeModule (*buf__llvm.LLVMOrcDisposeThreadSafeModule)
#define LLVMOrcExecutionSessionSetErrorReporter (*buf__llvm.LLVMOrcExecutionSessionSetErrorReporter)
#define LLVMOrcJITDylibAddGenerator (*buf__llvm.LLVMOrcJITDylibAddGenerator)
#define LLVMOrcJITDylibDefine (*buf__llvm.LLVMOrcJITDylibDefine)
#define LLVMOrcLLJITAddLLVMIRModule (*buf__llvm.LLVMOrcLLJITAddLLVMIRModule)
#define LLVMOrcLLJITGetExecutionSession (*buf__llvm.LLVMOrcLLJITGetExecutionSession)
#define LLVMOrcLLJITGetGlobalPrefix (*buf__llvm.LLVMOrcLLJITGetGlobalPrefix)
#define LLVMOrcLLJITGetMainJITDylib (*buf__llvm.LLVMOrcLLJITGetMainJITDylib)
#define LLVMOrcLLJITLookup (*buf__llvm.LLVMOrcLLJITLookup)
#define LLVMOrcLLJITMangleAndIntern (*buf__llvm.LLVMOrcLLJITMangleAndIntern)
#define LLVMOrcSymbolStringPoolEntryStr (*buf__llvm.LLVMOrcSymbolStringPoolEntryStr)
#define LLVMParseBitcodeInContext2 (*buf__llvm.LLVMParseBitcodeInContext2)
#define LLVMPointerTypeInContext (*buf__llvm.LLVMPointerTypeInContext)
#define LLVMPositionBuilderAtEnd (*buf__llvm.LLVMPositionBuilderAtEnd)
#define LLVMPositionBuilderBefore (*buf__llvm.LLVMPositionBuilderBefore)
#define LLVMPrintModuleToString (*buf__llvm.LLVMPrintModuleToString)
#define LLVMRunPasses (*buf__llvm.LLVMRunPasses)
#define LLVMSetAlignment (*buf__llvm.LLVMSetAlignment)
#define LLVMSetDataLayout (*buf__llvm.LLVMSetDataLayout)
#define LLVMSetFunctionCallConv (*buf__llvm.LLVMSetFunctionCallConv)
#define LLVMSetGlobalConstant (*buf__llvm.LLVMSetGlobalConstant)
#define LLVMSetInitializer (*buf__llvm.LLVMSetInitializer)
#define LLVMSetLinkage (*buf__llvm.LLVMSetLinkage)
#define LLVMSetModuleDataLayout (*buf__llvm.LLVMSetModuleDataLayout)
#define LLVMSetTarget (*buf__llvm.LLVMSetTarget)
#define LLVMSizeOf (*buf__llvm.LLVMSizeOf)
#define LLVMStructTypeInContext (*buf__llvm.LLVMStructTypeInContext)
#define LLVMTargetMachineEmitToMemoryBuffer (*buf__llvm.LLVMTargetMachineEmitToMemoryBuffer)
#define LLVMTypeOf (*buf__llvm.LLVMTypeOf)
#define LLVMValueAsMetadata (*buf__llvm.LLVMValueAsMetadata)
#define LLVMVerifyModule (*buf__llvm.LLVMVerifyModule)
#define LLVMVoidTypeInContext (*buf__llvm.LLVMVoidTypeInContext)
#define LLVMWriteBitcodeToFile (*buf__llvm.LLVMWriteBitcodeToFile)
#define LLVMWriteBitcodeToMemoryBuffer (*buf__llvm.LLVMWriteBitcodeToMemoryBuffer)
#endif

#endif
